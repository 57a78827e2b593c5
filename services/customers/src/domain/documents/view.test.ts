import { DocumentSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { DocumentRecord } from './types.js'
import { toDocumentView } from './view.js'

const passport: DocumentRecord = {
  id: 'Document:019542f5-b3e7-1d02-0000-000000000005',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  holderId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  documentType: 'PASSPORT',
  country: 'US',
  documentNumber: 'X1234567',
  issuingAuthority: 'U.S. Department of State',
  fileName: 'passport.pdf',
  contentType: 'application/pdf',
  sizeBytes: 1024,
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:00:00Z'),
}

describe('the document view keeps to the Document contract', () => {
  it.each([passport, { ...passport, documentType: 'DRIVERS_LICENSE', side: 'BACK', documentNumber: undefined, issuingAuthority: undefined }])(
    'a $documentType',
    (document) => {
      const json: unknown = JSON.parse(JSON.stringify(toDocumentView(document)))
      expect(DocumentSchema.parse(json)).toEqual(json)
    },
  )
})
