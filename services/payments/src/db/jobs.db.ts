import { open, type Db, type Tx } from './client.js'

/** A delayed step of a transaction: the stage it moves to once the job falls due. */
export interface DueJob {
  id: string
  transactionId: string
  nextStage: string
  runAt: Date
}

/** The due jobs, earliest first, locked for the caller's transaction; those another replica locked are skipped. */
export async function lockDueJobs(tx: Tx, now: Date, batch: number): Promise<DueJob[]> {
  const jobs = await open(tx).$queryRaw<Array<{ id: string; transaction_id: string; next_stage: string; run_at: Date }>>`
      SELECT "id", "transaction_id", "next_stage", "run_at" FROM "payment_jobs"
      WHERE "done_at" IS NULL AND "run_at" <= ${now}
      ORDER BY "run_at" LIMIT ${batch} FOR UPDATE SKIP LOCKED`
  return jobs.map((job) => ({ id: job.id, transactionId: job.transaction_id, nextStage: job.next_stage, runAt: job.run_at }))
}

/** Moves the transaction to the job's stage if it still waits (WAIT) for it. */
export async function moveWaitingTransaction(tx: Tx, job: DueJob, now: Date): Promise<void> {
  await open(tx).transaction.updateMany({ where: { id: job.transactionId, stage: 'WAIT' }, data: { stage: job.nextStage, updatedAt: now } })
}

export async function markJobDone(tx: Tx, jobId: string, now: Date): Promise<void> {
  await open(tx).paymentJob.update({ where: { id: jobId }, data: { doneAt: now, attempts: { increment: 1 } } })
}

/** Marks the transaction's pending jobs done, so none of them runs. */
export async function closePendingJobs(tx: Tx, transactionId: string, now: Date): Promise<void> {
  await open(tx).paymentJob.updateMany({ where: { transactionId, doneAt: null }, data: { doneAt: now } })
}

/** When the earliest pending job falls due (the partial index payment_jobs_pending_idx answers it). */
export async function nextJobRunAt(db: Db): Promise<Date | undefined> {
  const next = await open(db).paymentJob.findFirst({ where: { doneAt: null }, orderBy: { runAt: 'asc' }, select: { runAt: true } })
  return next?.runAt
}

/** Up to `batch` transactions at one of `stages` since before `before`, the longest there first. */
export async function findStaleTransactionIds(db: Db, stages: readonly string[], before: Date, batch: number): Promise<string[]> {
  const stuck = await open(db).transaction.findMany({
    where: { stage: { in: [...stages] }, updatedAt: { lt: before } },
    select: { id: true },
    orderBy: { updatedAt: 'asc' },
    take: batch,
  })
  return stuck.map(({ id }) => id)
}

/** When the transaction at one of `stages` for the longest got there (the index on stage and updated_at answers it). */
export async function oldestUpdateAt(db: Db, stages: readonly string[]): Promise<Date | undefined> {
  const oldest = await open(db).transaction.findFirst({
    where: { stage: { in: [...stages] } },
    orderBy: { updatedAt: 'asc' },
    select: { updatedAt: true },
  })
  return oldest?.updatedAt
}
