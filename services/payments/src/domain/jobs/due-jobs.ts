import { jobRunner, type JobRunner } from '@pp/db'
import { histogram } from '@pp/metrics'
import { findStaleTransactionIds, moveWaitingTransaction, oldestUpdateAt, PAYMENT_JOBS, type DueJob } from '../../db/jobs.db.js'
import type { PaymentsDeps } from '../deps.js'
import { driveTransaction } from '../transactions/driver.js'
import { LEDGER_STEPS } from '../transactions/transitions.js'

const jobLag = histogram('payment_job_lag_seconds', 'Time from a payment job falling due to its run')

/** How long a claimed job stays out of other runs' reach; a job not finished by then runs again. */
const LEASE_MS = 30_000

/**
 * A transaction's delayed step: it moves from WAIT to the job's stage (a cancelled payout has left
 * WAIT already; it then moves nothing), then it is driven. A crash after the move leaves it at a
 * ledger stage, which the recovery run finishes; a rerun of the job moves nothing twice.
 */
async function resumeTransaction(deps: PaymentsDeps, job: DueJob): Promise<void> {
  jobLag.observe((deps.now().getTime() - job.dueAt.getTime()) / 1000)
  await moveWaitingTransaction(deps.db, job, deps.now())
  await driveLogged(deps, job.transactionId)
}

/**
 * The payment jobs on the shared runner, woken by the channel the migrations' trigger notifies
 * when a job is inserted. A job fails only when its move does (the database); its drive's
 * failure is the recovery run's to retry.
 */
export function paymentJobRunner(deps: PaymentsDeps, databaseUrl: string, batchSize: number): JobRunner {
  return jobRunner<DueJob>({
    name: 'payment_jobs',
    ...PAYMENT_JOBS,
    channels: [{ name: 'payment_jobs' }],
    handlers: { RESUME_TRANSACTION: (job) => resumeTransaction(deps, job) },
    sql: deps.sql,
    databaseUrl,
    logger: deps.logger,
    now: deps.now,
    leaseMs: LEASE_MS,
    batchSize,
    retryDelayMs: 1_000,
    retryDelayMsMax: 60_000,
  })
}

export interface Recovery {
  driven: number
  /** How many of them still owe their step (the ledger failed again). */
  failed: number
}

/**
 * Finishes transactions whose owed ledger step was interrupted (a crash between the ledger call
 * and the stage update, or an outage of the ledger): the same idempotent transfer ids make the
 * retry safe.
 */
export async function recoverInterrupted(deps: PaymentsDeps, olderThanMs: number, batch: number): Promise<Recovery> {
  const before = new Date(deps.now().getTime() - olderThanMs)
  const stale = await findStaleTransactionIds(deps.db, LEDGER_STEPS, before, batch)
  let failed = 0
  for (const id of stale) {
    if (!(await driveLogged(deps, id))) failed += 1
  }
  return { driven: stale.length, failed }
}

/** When the transaction that has owed a ledger step the longest becomes a recovery case. */
export async function nextRecoveryDue(deps: PaymentsDeps, afterMs: number): Promise<Date | undefined> {
  const oldest = await oldestUpdateAt(deps.db, LEDGER_STEPS)
  return oldest ? new Date(oldest.getTime() + afterMs) : undefined
}

/** A step that fails now (the ledger is down) is left at its stage; the recovery run retries it. */
const driveLogged = (deps: PaymentsDeps, transactionId: string): Promise<boolean> =>
  driveTransaction(deps, transactionId, 'FAIL').then(
    () => true,
    (err: unknown) => {
      deps.logger.warn({ err, transactionId }, 'transaction step failed; the recovery run retries it')
      return false
    },
  )
