import { inTransaction, startWakeLoop } from '@pp/db'
import type { Tx } from '../db/client.js'
import { lockDueJob, markJobDone, nextJobRunAt, postponeJob, type DueJob } from '../db/jobs.db.js'
import type { StablecoinsDeps } from './deps.js'
import { runEnablementStep } from './enablement.js'
import { settleOperation } from './operations/settle.js'
import { tenantOf } from './types.js'

/** The channel the migration's trigger notifies when a job is written. */
const JOBS_CHANNEL = 'stablecoin_jobs'
const BATCH = 50
const RETRY_DELAY_MS_MAX = 60_000

/**
 * Runs the due jobs one transaction each: the job is claimed FOR UPDATE SKIP LOCKED (replicas
 * never take the same one), its step runs, and it is marked done in that same transaction, so a
 * crash or a ledger outage leaves it pending for the next run.
 */
export async function runDueJobs(deps: StablecoinsDeps, batch: number): Promise<number> {
  let ran = 0
  while (ran < batch) {
    const job = await inTransaction(deps.db, async (tx) => {
      const due = await lockDueJob(tx, deps.now())
      if (due) await runJob(deps, tx, due)
      return due
    })
    if (!job) break
    ran += 1
  }
  return ran
}

/**
 * A step that fails (the ledger or the provider did not answer) leaves its job pending but later,
 * by a growing delay, so the jobs behind it still run; its ledger steps are idempotent.
 */
async function runJob(deps: StablecoinsDeps, tx: Tx, job: DueJob): Promise<void> {
  const origin = tenantOf(job)
  try {
    if (job.kind === 'SETTLE_OPERATION') await settleOperation(deps, tx, origin, job.subjectId)
    else await runEnablementStep(deps, tx, origin, job.subjectId, job.kind)
  } catch (err) {
    deps.logger.warn({ err, jobId: job.id, kind: job.kind, subjectId: job.subjectId }, 'stablecoin job failed; it is retried later')
    await postponeJob(tx, job.id, deps.now(), RETRY_DELAY_MS_MAX)
    return
  }
  await markJobDone(tx, job.id, deps.now())
}

/**
 * The job runner of this process. It does not poll: it wakes when a job is written and when the
 * earliest pending one falls due, and runs once at start, so a restart finishes what was left.
 */
export function startJobRunner(deps: StablecoinsDeps, databaseUrl: string): { stop(): Promise<void> } {
  const loop = startWakeLoop({
    name: 'stablecoin-jobs',
    channel: JOBS_CHANNEL,
    databaseUrl,
    logger: deps.logger,
    now: deps.now,
    // a full batch means more may be due: go again at once
    run: async () => ((await runDueJobs(deps, BATCH)) === BATCH ? deps.now() : nextJobRunAt(deps.db)),
  })
  return { stop: () => loop.stop() }
}
