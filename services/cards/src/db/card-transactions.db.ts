import { prepared } from '@pp/db'
import { outboxInsert, outboxValues, type OutboxRecord } from '@pp/events'
import type { CardTransactionRecord, HoldRecord, NewJob, Tenant } from '../domain/types.js'
import type { SqlTx } from './client.js'

interface TransactionRow {
  id: string
  platform_id: string
  environment: Tenant['environment']
  card_id: string
  customer_id: string
  platform_customer_id: string
  account_id: string
  issuer_transaction_token: string
  status: CardTransactionRecord['status']
  direction: CardTransactionRecord['direction']
  currency: string
  merchant: CardTransactionRecord['merchant']
  authorized_amount: bigint
  settled_amount: bigint
  refunded_amount: bigint
  pull_count: number
  pull_total: bigint
  pull_pending: number
  refund_count: number
  last_return_amount: bigint | null
  settlement_count: number
  version: number
  authorized_at: Date
  last_event_at: Date | null
  created_at: Date
  updated_at: Date
}

const recordOf = (row: TransactionRow): CardTransactionRecord => ({
  id: row.id,
  platformId: row.platform_id,
  environment: row.environment,
  cardId: row.card_id,
  customerId: row.customer_id,
  platformCustomerId: row.platform_customer_id,
  accountId: row.account_id,
  issuerTransactionToken: row.issuer_transaction_token,
  status: row.status,
  direction: row.direction,
  currency: row.currency,
  merchant: row.merchant,
  authorizedAmount: row.authorized_amount,
  settledAmount: row.settled_amount,
  refundedAmount: row.refunded_amount,
  pullCount: row.pull_count,
  pullTotal: row.pull_total,
  pullPending: row.pull_pending,
  refundCount: row.refund_count,
  lastReturnAmount: row.last_return_amount,
  settlementCount: row.settlement_count,
  version: row.version,
  authorizedAt: row.authorized_at,
  lastEventAt: row.last_event_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const FIND = prepared('cards_find_transaction', 'SELECT * FROM card_transactions WHERE id = $1')

/** The card transaction, whatever its tenant (callers check it). */
export async function findTransaction(sql: SqlTx, id: string): Promise<CardTransactionRecord | undefined> {
  const [row] = await sql.query<TransactionRow>(FIND, [id])
  return row && recordOf(row)
}

const FIND_FOR_UPDATE = prepared('cards_find_transaction_for_update', 'SELECT * FROM card_transactions WHERE id = $1 FOR UPDATE')

/** The card transaction, whatever its tenant (callers check it), locked for the caller's transaction. */
export async function lockTransaction(tx: SqlTx, id: string): Promise<CardTransactionRecord | undefined> {
  const [row] = await tx.query<TransactionRow>(FIND_FOR_UPDATE, [id])
  return row && recordOf(row)
}

/** A record as the JSON object `jsonb_populate_record` reads: snake_case columns, bigints as decimal strings. */
const rowJson = (record: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([field, value]) => [field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), typeof value === 'bigint' ? value.toString() : value]))

/**
 * A message's outcome and what it changed, in one statement: the message finished (only if it
 * still waits, so a second run of it writes nothing) with its recovery job closed, the transaction
 * as it now is, its holds, new jobs and the events. Without a token (a job's change) it is written
 * unconditionally. A new authorization's expiry is due at once when its card closed meanwhile: the
 * card row is read FOR SHARE, so either the close (which holds it FOR UPDATE) committed first and
 * is seen here, or it waits for this statement and then sees the authorization to expire.
 */
const RECORD = prepared(
  'cards_record_change',
  `WITH finished AS (
     UPDATE card_network_messages SET outcome = $2 WHERE token = $1 AND outcome = 'RECEIVED' RETURNING token),
   go AS (
     SELECT 1 FROM finished UNION ALL SELECT 1 WHERE $1::text IS NULL),
   recovered AS (
     UPDATE card_jobs SET done_at = $3 WHERE id = 'recover:' || $1 AND done_at IS NULL AND EXISTS (SELECT 1 FROM finished)),
   saved AS (
     INSERT INTO card_transactions SELECT r.* FROM jsonb_populate_record(NULL::card_transactions, $4::jsonb) r
      WHERE $4::jsonb IS NOT NULL AND EXISTS (SELECT 1 FROM go)
     ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, status = EXCLUDED.status,
       authorized_amount = EXCLUDED.authorized_amount, settled_amount = EXCLUDED.settled_amount,
       refunded_amount = EXCLUDED.refunded_amount, pull_count = EXCLUDED.pull_count, pull_total = EXCLUDED.pull_total,
       pull_pending = EXCLUDED.pull_pending, refund_count = EXCLUDED.refund_count, last_return_amount = EXCLUDED.last_return_amount,
       settlement_count = EXCLUDED.settlement_count, version = EXCLUDED.version, last_event_at = EXCLUDED.last_event_at,
       updated_at = EXCLUDED.updated_at),
   holds AS (
     INSERT INTO card_holds SELECT r.* FROM jsonb_populate_recordset(NULL::card_holds, $5::jsonb) r WHERE EXISTS (SELECT 1 FROM go)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status),
   card AS (
     SELECT state FROM cards WHERE id = $10 FOR SHARE),
   jobs AS (
     INSERT INTO card_jobs (id, kind, card_id, card_transaction_id, run_at, created_at)
     SELECT r.id, r.kind, r.card_id, r.card_transaction_id,
            CASE WHEN r.kind = 'EXPIRE_AUTHORIZATION' AND (SELECT state FROM card) = 'CLOSED' THEN $3 ELSE r.run_at END, $3
       FROM jsonb_populate_recordset(NULL::card_jobs, $6::jsonb) r
      WHERE EXISTS (SELECT 1 FROM go)),
   events AS (${outboxInsert(7, 'go')})
   SELECT count(*)::int AS written FROM go`,
)

export interface RecordedChange {
  /** The message this records the outcome of; none for a job's change. */
  token?: string
  outcome?: string
  transaction?: CardTransactionRecord
  holds: HoldRecord[]
  jobs: NewJob[]
  events: OutboxRecord<unknown>[]
  now: Date
}

/** Writes the change in one statement; false when another run of its message recorded one first. */
export async function recordChange(sql: SqlTx, change: RecordedChange): Promise<boolean> {
  const [row] = await sql.query<{ written: number }>(RECORD, [
    change.token ?? null,
    change.outcome ?? null,
    change.now,
    change.transaction ? JSON.stringify(rowJson(change.transaction)) : null,
    JSON.stringify(change.holds.map(rowJson)),
    JSON.stringify(change.jobs.map(rowJson)),
    ...outboxValues(change.events),
    change.jobs.find((job) => job.kind === 'EXPIRE_AUTHORIZATION')?.cardId ?? null,
  ])
  return row!.written > 0
}

const OPEN_HOLDS = prepared(
  'cards_open_holds',
  `SELECT id, card_transaction_id, amount, status, created_at FROM card_holds
    WHERE card_transaction_id = $1 AND status = 'OPEN' ORDER BY created_at, id`,
)

/** The transaction's open holds, oldest first. */
export async function openHolds(tx: SqlTx, cardTransactionId: string): Promise<HoldRecord[]> {
  const rows = await tx.query<{ id: string; card_transaction_id: string; amount: bigint; status: HoldRecord['status']; created_at: Date }>(OPEN_HOLDS, [
    cardTransactionId,
  ])
  return rows.map((row) => ({ id: row.id, cardTransactionId: row.card_transaction_id, amount: row.amount, status: row.status, createdAt: row.created_at }))
}
