import { BulkImportJobAcceptedSchema, BulkImportJobSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { ImportJobRow } from './types.js'
import { toImportJobAccepted, toImportJobView } from './view.js'

const row = (status: string, extra: Partial<ImportJobRow> = {}): ImportJobRow => ({
  id: 'Job:019542f5-b3e7-1d02-0000-000000000006',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  status,
  csv: 'platformCustomerId,customerType\n',
  total: 2,
  processed: 0,
  successful: 0,
  failed: 0,
  errors: [],
  leaseUntil: null,
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:00:00Z'),
  completedAt: null,
  ...extra,
})

const completed = row('COMPLETED', {
  processed: 2,
  successful: 1,
  failed: 1,
  errors: [{ correlationId: 'row_2', code: 'INVALID_INPUT', message: 'Invalid birthDate', details: { errors: [{ field: 'birthDate' }] } }],
  completedAt: new Date('2025-10-13T09:01:00Z'),
})

describe('the bulk import views keep to their contracts', () => {
  it.each([row('PENDING'), row('PROCESSING', { processed: 1, successful: 1 }), completed, row('FAILED')])('a $status job', (job) => {
    const json: unknown = JSON.parse(JSON.stringify(toImportJobView(job)))
    expect(BulkImportJobSchema.strict().parse(json)).toEqual(json)
  })

  it('the accepted answer', () => {
    const json: unknown = JSON.parse(JSON.stringify(toImportJobAccepted(row('PENDING'))))
    expect(BulkImportJobAcceptedSchema.strict().parse(json)).toEqual(json)
  })
})
