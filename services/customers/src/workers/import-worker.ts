import { startWakeLoop } from '@pp/db'
import type { Logger } from '@pp/logging'
import { processImportBatch, type ImportSettings } from '../domain/bulk-import/process-import.js'
import type { CustomersDeps } from '../domain/deps.js'
import { open } from '../db/client.js'

/** The channel an import job insert notifies (a trigger of the customers migrations). */
const IMPORT_JOBS_CHANNEL = 'customer_import_jobs'

export interface ImportWorkerSettings extends ImportSettings {
  /** The customers database, listened to for new jobs. */
  databaseUrl: string
}

export interface RunningWorker {
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>
}

/**
 * Runs queued bulk imports one batch at a time, back to back while there is work. It never polls:
 * it wakes when a job is inserted and when the earliest lease of an unfinished job runs out (a
 * worker that crashed mid-batch). The jobs are rows: a restarted service picks up where it stopped.
 */
export function startImportWorker(deps: CustomersDeps, settings: ImportWorkerSettings, logger: Logger): RunningWorker {
  return startWakeLoop({
    name: 'customer-imports',
    databaseUrl: settings.databaseUrl,
    channel: IMPORT_JOBS_CHANNEL,
    logger,
    now: deps.now,
    // one batch per run, so that a stop waits for one batch only
    run: async () => ((await processImportBatch(deps, settings)) ? deps.now() : nextLeaseExpiry(deps)),
  })
}

/** When the earliest lease of an unfinished job runs out (the jobs' open index answers it). */
async function nextLeaseExpiry(deps: CustomersDeps): Promise<Date | undefined> {
  const held = await open(deps.db).customerImportJob.findFirst({
    where: { status: { in: ['PENDING', 'PROCESSING'] }, leaseUntil: { not: null } },
    orderBy: { leaseUntil: 'asc' },
    select: { leaseUntil: true },
  })
  return held?.leaseUntil ?? undefined
}
