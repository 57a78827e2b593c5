import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { findImportJob, insertImportJob } from '../../db/import-jobs.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { parseCsv } from './csv.js'
import { REQUIRED_COLUMNS } from './csv-row.js'
import type { ImportJobAccepted, ImportJobView } from './types.js'
import { toImportJobAccepted, toImportJobView } from './view.js'

export const IMPORT_ROWS_MAX = 10_000

/** Reads the file far enough to refuse one that cannot be imported, then queues it for the worker. */
export async function startImport(deps: CustomersDeps, caller: Caller, csv: string): Promise<ImportJobAccepted> {
  const records = parseCsv(csv)
  if (!records || records.length === 0) throw invalidInput([{ field: 'file', message: 'not a CSV file with a header row' }])
  const header = records[0]!.map((column) => column.trim())
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column))
  if (missing.length > 0) {
    throw invalidInput(missing.map((column) => ({ field: `file.${column}`, message: 'required column missing' })))
  }
  const total = records.length - 1
  if (total > IMPORT_ROWS_MAX) throw invalidInput([{ field: 'file', message: `at most ${IMPORT_ROWS_MAX} rows per file` }])
  const job = await insertImportJob(deps.db, { id: newId('Job'), tenant: tenantOf(caller), csv, total, now: deps.now() })
  return toImportJobAccepted(job)
}

export async function getImportJob(deps: CustomersDeps, caller: Caller, jobId: string): Promise<ImportJobView> {
  const job = await findImportJob(deps.db, tenantOf(caller), jobId)
  if (!job) throw new ApiError('BULK_UPLOAD_JOB_NOT_FOUND', `Bulk import job ${jobId} not found`)
  return toImportJobView(job)
}
