import type { ImportJobAccepted, ImportJobRow, ImportJobStatus, ImportJobView, ImportRowError } from './types.js'

/** The job as the API shows it: the answer to a read and the data of its BULK_UPLOAD.* webhook. */
export const toImportJobView = (row: ImportJobRow): ImportJobView => ({
  id: row.id,
  status: row.status as ImportJobStatus,
  progress: { total: row.total, processed: row.processed, successful: row.successful, failed: row.failed },
  errors: row.errors as unknown as ImportRowError[],
  completedAt: row.completedAt?.toISOString(),
})

/** The answer to an upload: the job just queued, which the reference says is PENDING or PROCESSING. */
export const toImportJobAccepted = (row: ImportJobRow): ImportJobAccepted => ({ jobId: row.id, status: row.status as ImportJobAccepted['status'] })
