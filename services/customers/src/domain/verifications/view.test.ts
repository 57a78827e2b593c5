import { VerificationSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { VerificationRow } from './types.js'
import { toVerificationView } from './view.js'

const row = (verificationStatus: string, errors: unknown[] = []): VerificationRow => ({
  id: 'Verification:019542f5-b3e7-1d02-0000-000000000003',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  verificationStatus,
  errors,
  source: 'API',
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:05:00Z'),
})

const missingDocument = {
  resourceId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  type: 'MISSING_DOCUMENT',
  acceptedDocumentTypes: ['PASSPORT', 'NATIONAL_ID'],
  reason: 'An identity document is required',
}
const missingField = { resourceId: 'Customer:019542f5-b3e7-1d02-0000-000000000001', type: 'MISSING_FIELD', field: 'birthDate', reason: 'birthDate is required' }

describe('the verification view keeps to the Verification contract', () => {
  it.each([row('RESOLVE_ERRORS', [missingDocument, missingField]), row('IN_PROGRESS'), row('APPROVED'), row('REJECTED')])('$verificationStatus', (verification) => {
    const json: unknown = JSON.parse(JSON.stringify(toVerificationView(verification)))
    expect(VerificationSchema.parse(json)).toEqual(json)
  })
})
