import { inTransaction } from '@pp/db'
import type { PaymentsDeps } from '../deps.js'
import { driveTransaction } from '../transactions/driver.js'
import { LEDGER_STEPS } from '../transactions/transitions.js'

interface DueJob {
  id: string
  transaction_id: string
  next_stage: string
}

/**
 * Claims the due jobs (FOR UPDATE SKIP LOCKED: replicas never take the same one), moves each
 * waiting transaction to the job's stage and marks the job done in the same database
 * transaction; then drives the transactions. A crash after the commit leaves them at a ledger
 * stage, which the recovery run finishes.
 */
export async function runDueJobs(deps: PaymentsDeps, batch: number): Promise<number> {
  const now = deps.now()
  const claimed = await inTransaction(deps.db, async (tx) => {
    const jobs = await tx.$queryRaw<DueJob[]>`
      SELECT "id", "transaction_id", "next_stage" FROM "payment_jobs"
      WHERE "done_at" IS NULL AND "run_at" <= ${now}
      ORDER BY "run_at" LIMIT ${batch} FOR UPDATE SKIP LOCKED`
    for (const job of jobs) {
      // a cancelled payout has left WAIT already; its job then moves nothing
      await tx.transaction.updateMany({ where: { id: job.transaction_id, stage: 'WAIT' }, data: { stage: job.next_stage, updatedAt: now } })
      await tx.paymentJob.update({ where: { id: job.id }, data: { doneAt: now, attempts: { increment: 1 } } })
    }
    return jobs
  })
  for (const job of claimed) await driveLogged(deps, job.transaction_id)
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
  const stale = await deps.db.transaction.findMany({
    where: { stage: { in: [...LEDGER_STEPS] }, updatedAt: { lt: before } },
    select: { id: true },
    orderBy: { updatedAt: 'asc' },
    take: batch,
  })
  let failed = 0
  for (const { id } of stale) {
    if (!(await driveLogged(deps, id))) failed += 1
  }
  return { driven: stale.length, failed }
}

/** When the earliest pending job falls due (the partial index payment_jobs_pending_idx answers it). */
export async function nextJobDue(deps: PaymentsDeps): Promise<Date | undefined> {
  const next = await deps.db.paymentJob.findFirst({ where: { doneAt: null }, orderBy: { runAt: 'asc' }, select: { runAt: true } })
  return next?.runAt
}

/**
 * When the transaction that has owed a ledger step the longest becomes a recovery case (the
 * index on stage and updated_at answers it).
 */
export async function nextRecoveryDue(deps: PaymentsDeps, afterMs: number): Promise<Date | undefined> {
  const oldest = await deps.db.transaction.findFirst({
    where: { stage: { in: [...LEDGER_STEPS] } },
    orderBy: { updatedAt: 'asc' },
    select: { updatedAt: true },
  })
  return oldest ? new Date(oldest.updatedAt.getTime() + afterMs) : undefined
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
