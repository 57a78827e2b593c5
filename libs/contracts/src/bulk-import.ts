import { z } from '@hono/zod-openapi'
import * as f from './customer-fields.js'
import { FileField } from './documents.js'

export const CsvUploadRequestSchema = z.object({ file: FileField.openapi({ description: 'A CSV file of customers' }) })

const ImportProgressSchema = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
})

export const BulkImportJobSchema = z
  .object({
    id: z.string().openapi({ example: 'Job:019542f5-b3e7-1d02-0000-000000000006' }),
    status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']),
    progress: ImportProgressSchema,
    errors: z
      .array(
        z.object({
          correlationId: z.string().openapi({ example: 'row_3' }),
          code: z.string(),
          message: z.string(),
          details: z.record(z.string(), z.unknown()),
        }),
      )
      .optional(),
    completedAt: f.Timestamp.optional(),
  })
  .openapi('BulkCustomerImportJob')

export type BulkImportJob = z.output<typeof BulkImportJobSchema>

export const BulkImportJobAcceptedSchema = z
  .object({ jobId: z.string(), status: z.enum(['PENDING', 'PROCESSING']) })
  .openapi('BulkCustomerImportJobAccepted')

export type BulkImportJobAccepted = z.output<typeof BulkImportJobAcceptedSchema>
