import { inTransaction } from '@pp/db'
import { histogram } from '@pp/metrics'
import { findStaleTransactionIds, lockDueJobs, markJobDone, moveWaitingTransaction, nextJobRunAt, oldestUpdateAt } from '../../db/jobs.db.js'
import type { PaymentsDeps } from '../deps.js'
import { driveTransaction } from '../transactions/driver.js'
import { LEDGER_STEPS } from '../transactions/transitions.js'

const jobLag = histogram('payment_job_lag_seconds', 'Time from a payment job falling due to its claim')

/**
 * Claims the due jobs (FOR UPDATE SKIP LOCKED: replicas never take the same one), moves each
 * waiting transaction to the job's stage and marks the job done in the same database
 * transaction; then drives the transactions. A crash after the commit leaves them at a ledger
 * stage, which the recovery run finishes.
 */
export async function runDueJobs(deps: PaymentsDeps, batch: number): Promise<number> {
  const now = deps.now()
  const claimed = await inTransaction(deps.db, async (tx) => {
    const jobs = await lockDueJobs(tx, now, batch)
    for (const job of jobs) {
      jobLag.observe((now.getTime() - job.runAt.getTime()) / 1000)
      // a cancelled payout has left WAIT already; its job then moves nothing
      await moveWaitingTransaction(tx, job, now)
      await markJobDone(tx, job.id, now)
    }
    return jobs
  })
  for (const job of claimed) await driveLogged(deps, job.transactionId)
  return claimed.length
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

/** When the earliest pending job falls due. */
export const nextJobDue = (deps: PaymentsDeps): Promise<Date | undefined> => nextJobRunAt(deps.db)

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
