import { prepared, type SqlRunner } from '@pp/db'
import { outboxInsert, outboxValues, type OutboxRecord } from '@pp/events'
import type { NewTransactionRow, TransactionRow } from '../domain/transactions/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import { recordOf, rowJson } from './columns.js'
import type { Prisma } from './generated/client.js'

const FIND_TRANSACTION = prepared('payments_find_transaction', 'SELECT * FROM transactions WHERE id = $1 AND platform_id = $2 AND environment = $3')
const FIND_TRANSACTION_BY_ID = prepared('payments_find_transaction_by_id', 'SELECT * FROM transactions WHERE id = $1')

/** The tenant's transaction. */
export async function findTransactionRow(sql: SqlRunner, tenant: Tenant, id: string): Promise<TransactionRow | undefined> {
  const [row] = await sql.query<Record<string, unknown>>(FIND_TRANSACTION, [id, tenant.platformId, tenant.environment])
  return row && recordOf<TransactionRow>(row)
}

/** A transaction whatever its tenant, for the work that drives it (jobs, recovery). */
export async function findTransactionById(sql: SqlRunner, id: string): Promise<TransactionRow | undefined> {
  const [row] = await sql.query<Record<string, unknown>>(FIND_TRANSACTION_BY_ID, [id])
  return row && recordOf<TransactionRow>(row)
}

/** What a finished ledger step changes, all of it or none. */
export interface StepRecord {
  /** The transaction as it is now, after the step: its stage, status, failure, refund and times are written. */
  transaction: TransactionRow
  /** The stage it had to be at; another caller that moved it first wins, and nothing is written. */
  fromStage: string
  quoteStatus?: string
  job?: { id: string; nextStage: string; runAt: Date }
  /** The INCOMING transaction of the internal account a completed payment delivered to. */
  arrival?: TransactionRow
  events: OutboxRecord<unknown>[]
}

/**
 * A done ledger step in one statement: the transaction's new state (only if it is still at
 * `fromStage`), its quote's status, a delayed job, an arrival and the events. Answers whether
 * this caller moved it.
 */
const RECORD_STEP = prepared(
  'payments_record_step',
  `WITH moved AS (
     UPDATE transactions
        SET stage = $3, status = $4, failure_reason = $5, refund = $6::jsonb, settled_at = $7, updated_at = $8
      WHERE id = $1 AND stage = $2
     RETURNING id, quote_id),
   quote AS (
     UPDATE quotes SET status = $9, updated_at = $8 WHERE $9::text IS NOT NULL AND id = (SELECT quote_id FROM moved)),
   job AS (
     INSERT INTO payment_jobs (id, transaction_id, next_stage, run_at, created_at)
     SELECT $10, id, $11, $12, $8 FROM moved WHERE $10::text IS NOT NULL),
   arrival AS (
     INSERT INTO transactions SELECT r.* FROM jsonb_populate_record(NULL::transactions, $13::jsonb) r
      WHERE $13::jsonb IS NOT NULL AND EXISTS (SELECT 1 FROM moved)),
   events AS (${outboxInsert(14, 'moved')})
   SELECT count(*)::int AS moved FROM moved`,
)

export async function recordStep(sql: SqlRunner, step: StepRecord): Promise<boolean> {
  const { transaction: t, job, events } = step
  const [row] = await sql.query<{ moved: number }>(RECORD_STEP, [
    t.id,
    step.fromStage,
    t.stage,
    t.status,
    t.failureReason,
    t.refund === null ? null : JSON.stringify(t.refund),
    t.settledAt,
    t.updatedAt,
    step.quoteStatus ?? null,
    job?.id ?? null,
    job?.nextStage ?? null,
    job?.runAt ?? null,
    step.arrival ? rowJson(step.arrival) : null,
    ...outboxValues(events),
  ])
  return row!.moved > 0
}

/**
 * A transaction that exists once whatever the number of times it is recorded (an event redelivered),
 * with its events written only by the call that inserted it: one statement.
 */
const INSERT_ONCE = prepared(
  'payments_insert_transaction_once',
  `WITH inserted AS (
     INSERT INTO transactions SELECT r.* FROM jsonb_populate_record(NULL::transactions, $1::jsonb) r
     ON CONFLICT (id) DO NOTHING
     RETURNING id)
   ${outboxInsert(2, 'inserted')}`,
)

export async function insertTransactionOnce(sql: SqlRunner, row: TransactionRow, events: OutboxRecord<unknown>[]): Promise<void> {
  await sql.query(INSERT_ONCE, [rowJson(row), ...outboxValues(events)])
}

export async function insertTransaction(tx: Tx, row: NewTransactionRow): Promise<void> {
  // the domain types JSON columns as unknown; what it puts in them is plain JSON data
  await open(tx).transaction.create({ data: row as Prisma.TransactionUncheckedCreateInput })
}

/** Answers the transaction with its receipt's delivery recorded. */
export const confirmReceiptDelivered = (db: Db, id: string, at: Date): Promise<TransactionRow> =>
  open(db).transaction.update({ where: { id }, data: { receiptDeliveryConfirmedAt: at } })

/** Cancels a payout still waiting with its funds only held (VOID releases them); false when it moved on meanwhile. */
export async function cancelWaitingPayout(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await open(tx).transaction.updateMany({
    where: { id, stage: 'WAIT', status: 'PROCESSING' },
    data: { stage: 'VOID', outcome: 'CANCELLED', updatedAt: now },
  })
  return count > 0
}

/** Deletes a transaction that still owes its hold (nothing of it reached the ledger). */
export async function deleteUnheldTransaction(tx: Tx, id: string): Promise<void> {
  await open(tx).transaction.deleteMany({ where: { id, stage: 'HOLD' } })
}

/** When the oldest production outgoing payment still PROCESSING was made (a metric; the index on stage narrows it). */
export async function oldestProcessingPayoutSince(db: Db): Promise<Date | undefined> {
  const oldest = await open(db).transaction.findFirst({
    where: { stage: { in: ['HOLD', 'POST', 'VOID', 'REFUND', 'WAIT'] }, status: 'PROCESSING', type: 'OUTGOING', environment: 'PRODUCTION' },
    orderBy: { createdAt: 'asc' },
    select: { createdAt: true },
  })
  return oldest?.createdAt
}
