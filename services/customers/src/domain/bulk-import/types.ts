import type { BulkImportJob, BulkImportJobAccepted } from '@pp/contracts'

export type ImportJobStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED'

/** Why a row was not imported: the reference's BulkCustomerImportErrorEntry. */
export interface ImportRowError {
  correlationId: string
  code: string
  message: string
  details: Record<string, unknown>
}

/** The reference's BulkCustomerImportJob. */
export type ImportJobView = BulkImportJob

/** The reference's BulkCustomerImportJobAccepted. */
export type ImportJobAccepted = BulkImportJobAccepted

/** An import job as stored; db/ reads it in this shape. */
export interface ImportJobRow {
  id: string
  platformId: string
  environment: string
  status: string
  csv: string
  total: number
  processed: number
  successful: number
  failed: number
  errors: unknown
  leaseUntil: Date | null
  createdAt: Date
  updatedAt: Date
  completedAt: Date | null
}
