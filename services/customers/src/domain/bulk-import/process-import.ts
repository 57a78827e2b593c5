import { isApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { claimImportJob, saveImportProgress } from '../../db/import-jobs.db.js'
import { recordEvent } from '../../events/outbox.js'
import { bulkUploadEventType } from '../../events/types.js'
import { createCustomer } from '../customers/create-customer.js'
import type { CustomersDeps } from '../deps.js'
import type { Caller, Environment } from '../types.js'
import { parseCsv } from './csv.js'
import { rowToCreateInput, toRow } from './csv-row.js'
import type { ImportJobRow, ImportRowError } from './types.js'
import { toImportJobView } from './view.js'

export interface ImportSettings {
  batchRows: number
  leaseMs: number
}

/**
 * Claims one unfinished job and imports its next batch of rows; returns whether there was work.
 * Each row is created with an idempotency key of its own, so a batch redone after a crash (the
 * progress is saved once per batch) creates nothing twice and reports the same outcome.
 */
export async function processImportBatch(deps: CustomersDeps, settings: ImportSettings): Promise<boolean> {
  const now = deps.now()
  const job = await claimImportJob(deps.db, now, new Date(now.getTime() + settings.leaseMs))
  if (!job) return false
  const [header = [], ...records] = parseCsv(job.csv) ?? []
  const batch = records.slice(job.processed, job.processed + settings.batchRows)
  const caller: Caller = { platformId: job.platformId, environment: job.environment as Environment, requestId: job.id }
  const errors: ImportRowError[] = []
  for (const [i, record] of batch.entries()) {
    const rowNumber = job.processed + i + 1
    const error = await importRow(deps, caller, `${job.id}:row_${rowNumber}`, toRow(header.map((c) => c.trim()), record))
    if (error) errors.push({ correlationId: `row_${rowNumber}`, ...error })
  }
  await saveBatch(deps, job, batch.length, errors)
  return true
}

async function importRow(deps: CustomersDeps, caller: Caller, key: string, row: Record<string, string>) {
  try {
    await createCustomer(deps, caller, rowToCreateInput(row), key)
    return undefined
  } catch (err) {
    // a row the API would refuse is reported; anything else stops the batch and is retried
    if (!isApiError(err) || err.status >= 500) throw err
    return { code: err.code, message: err.message, details: err.details }
  }
}

/** The batch's counts, and at the end the final status with its BULK_UPLOAD.* event, in one transaction. */
async function saveBatch(deps: CustomersDeps, job: ImportJobRow, rowCount: number, errors: ImportRowError[]): Promise<void> {
  const processed = job.processed + rowCount
  const failed = job.failed + errors.length
  const successful = job.successful + rowCount - errors.length
  const isDone = processed >= job.total
  const status = !isDone ? 'PROCESSING' : successful === 0 && job.total > 0 ? 'FAILED' : 'COMPLETED'
  const now = deps.now()
  const tenant = { platformId: job.platformId, environment: job.environment as Environment }
  await inTransaction(deps.db, async (tx) => {
    const saved = await saveImportProgress(tx, job.id, {
      status,
      processed,
      successful,
      failed,
      errors: [...(job.errors as unknown as ImportRowError[]), ...errors],
      // released after every batch: the next claim (by any worker) carries on from `processed`
      leaseUntil: null,
      completedAt: isDone ? now : null,
      now,
    })
    if (status !== 'PROCESSING') {
      await recordEvent(tx, tenant, bulkUploadEventType(status), toImportJobView(saved))
    }
  })
}
