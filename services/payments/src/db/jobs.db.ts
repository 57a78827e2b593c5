import type { Job } from '@pp/db'
import { open, type Db, type Tx } from './client.js'

/** A delayed step of a transaction: the stage it moves to once the job falls due. */
export interface DueJob extends Job {
  kind: 'RESUME_TRANSACTION'
  transactionId: string
  nextStage: string
}

/** The jobs table as the shared runner (@pp/db jobRunner) reads it. */
export const PAYMENT_JOBS = { table: 'payment_jobs', columns: 'transaction_id AS "transactionId", next_stage AS "nextStage"' }

/** Moves the transaction to the job's stage if it still waits (WAIT) for it. */
export async function moveWaitingTransaction(db: Db, job: DueJob, now: Date): Promise<void> {
  await open(db).transaction.updateMany({ where: { id: job.transactionId, stage: 'WAIT' }, data: { stage: job.nextStage, updatedAt: now } })
}

/** Marks the transaction's pending jobs done, so none of them runs. */
export async function closePendingJobs(tx: Tx, transactionId: string, now: Date): Promise<void> {
  await open(tx).paymentJob.updateMany({ where: { transactionId, doneAt: null }, data: { doneAt: now } })
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
