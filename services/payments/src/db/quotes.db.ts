import { prepared, type IdempotentCall, type SqlRunner } from '@pp/db'
import type { QuoteRow } from '../domain/quotes/types.js'
import type { TransactionRow } from '../domain/transactions/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Tx } from './client.js'
import { recordOf, rowJson } from './columns.js'
import { Prisma } from './generated/client.js'

const FIND_QUOTE = prepared('payments_find_quote', 'SELECT * FROM quotes WHERE id = $1 AND platform_id = $2 AND environment = $3')

export async function findQuoteRow(sql: SqlRunner, tenant: Tenant, id: string): Promise<QuoteRow | undefined> {
  const [row] = await sql.query<Record<string, unknown>>(FIND_QUOTE, [id, tenant.platformId, tenant.environment])
  return row && recordOf<QuoteRow>(row)
}

/**
 * A new quote, with the transaction it becomes when it is executed at once and the Idempotency-Key
 * that asked for it: one statement, so one round trip and one commit. A key used already refuses
 * the whole statement (a unique violation), unless its answer expired: that one goes first (the
 * count over `expired_key` makes the insert wait for the delete), and the unique check no longer
 * sees it.
 */
const INSERT_QUOTE = prepared(
  'payments_insert_quote',
  `WITH quote AS (
     INSERT INTO quotes SELECT * FROM jsonb_populate_record(NULL::quotes, $1::jsonb) RETURNING platform_id, environment, created_at),
   transaction AS (
     INSERT INTO transactions SELECT * FROM jsonb_populate_record(NULL::transactions, $2::jsonb) WHERE $2::jsonb IS NOT NULL),
   expired_key AS (
     DELETE FROM idempotency_keys k USING quote q
      WHERE k.platform_id = q.platform_id AND k.environment = q.environment AND k.key = $3 AND k.created_at <= $6 RETURNING 1)
   INSERT INTO idempotency_keys (platform_id, environment, key, fingerprint, response, created_at)
   SELECT platform_id, environment, $3, $4, $5::jsonb, created_at FROM quote, (SELECT count(*) FROM expired_key) replaced
    WHERE $3::text IS NOT NULL`,
)

/** The Idempotency-Key of the call that made a change, stored with the change: the call and the answer it gave. */
export interface KeyedAnswer {
  call: IdempotentCall
  response: unknown
}

/** A KeyedAnswer as the statements' key, fingerprint, response and expiry parameters (all null without a key). */
const keyedAnswerValues = (keyed: KeyedAnswer | undefined): unknown[] =>
  keyed ? [keyed.call.key, keyed.call.fingerprint, JSON.stringify(keyed.response), keyed.call.expiredUpTo] : [null, null, null, null]

export interface NewQuote {
  quote: QuoteRow
  /** Present when the quote is executed as it is made. */
  transaction?: TransactionRow
  idempotency?: KeyedAnswer
}

export async function insertQuote(sql: SqlRunner, { quote, transaction, idempotency }: NewQuote): Promise<void> {
  await sql.query(INSERT_QUOTE, [
    rowJson(quote),
    transaction ? rowJson(transaction) : null,
    ...keyedAnswerValues(idempotency),
  ])
}

/**
 * Claims a PENDING (or, once authorized, a PENDING_AUTHORIZATION), unexpired quote for execution and records the transaction it becomes (with
 * the Idempotency-Key of the execute call, in place of an expired answer as in INSERT_QUOTE): one
 * statement. Answers false when the quote could not be claimed (executed already, racing, or
 * expired), and then nothing is written.
 */
const CLAIM_QUOTE = prepared(
  'payments_claim_quote',
  `WITH claimed AS (
     UPDATE quotes SET status = 'PROCESSING', updated_at = $4
      WHERE id = $1 AND platform_id = $2 AND environment = $3 AND status = $10 AND expires_at > $4
     RETURNING platform_id, environment),
   transaction AS (
     INSERT INTO transactions SELECT r.* FROM jsonb_populate_record(NULL::transactions, $5::jsonb) r WHERE EXISTS (SELECT 1 FROM claimed)),
   expired_key AS (
     DELETE FROM idempotency_keys
      WHERE platform_id = $2 AND environment = $3 AND key = $6 AND created_at <= $9 AND EXISTS (SELECT 1 FROM claimed)
     RETURNING 1),
   idempotency AS (
     INSERT INTO idempotency_keys (platform_id, environment, key, fingerprint, response, created_at)
     SELECT platform_id, environment, $6, $7, $8::jsonb, $4 FROM claimed, (SELECT count(*) FROM expired_key) replaced
      WHERE $6::text IS NOT NULL)
   SELECT count(*)::int AS claimed FROM claimed`,
)

export async function claimQuote(
  sql: SqlRunner,
  tenant: Tenant,
  quoteId: string,
  transaction: TransactionRow,
  idempotency: KeyedAnswer | undefined,
  now: Date,
  from: 'PENDING' | 'PENDING_AUTHORIZATION' = 'PENDING',
): Promise<boolean> {
  const [row] = await sql.query<{ claimed: number }>(CLAIM_QUOTE, [
    quoteId,
    tenant.platformId,
    tenant.environment,
    now,
    rowJson(transaction),
    ...keyedAnswerValues(idempotency),
    from,
  ])
  return row!.claimed > 0
}

/** Gives a claimed quote back (PROCESSING to PENDING), as if it had never been executed. */
export async function releaseQuoteClaim(tx: Tx, id: string, now: Date): Promise<void> {
  await open(tx).quote.updateMany({ where: { id, status: 'PROCESSING' }, data: { status: 'PENDING', updatedAt: now } })
}

/** Records that a quote still PENDING (or awaiting its authorization) lapsed. */
export async function expireQuote(tx: Tx, id: string, now: Date): Promise<void> {
  await open(tx).quote.updateMany({ where: { id, status: { in: ['PENDING', 'PENDING_AUTHORIZATION'] } }, data: { status: 'EXPIRED', updatedAt: now } })
}

/**
 * PENDING → PENDING_AUTHORIZATION with the challenge it waits on, while unexpired: of racing
 * executes one holds the quote, the others find it taken.
 */
export async function holdForAuthorization(tx: Tx, tenant: Tenant, id: string, scaChallenge: object, now: Date): Promise<boolean> {
  const { count } = await open(tx).quote.updateMany({
    where: { id, ...tenant, status: 'PENDING', expiresAt: { gt: now } },
    data: { status: 'PENDING_AUTHORIZATION', scaChallenge, updatedAt: now },
  })
  return count === 1
}

/** An authorized realtime-funded quote goes back to PENDING: its instructions show and its funds may arrive. */
export async function releaseAuthorized(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await open(tx).quote.updateMany({
    where: { id, status: 'PENDING_AUTHORIZATION' },
    data: { status: 'PENDING', scaChallenge: Prisma.DbNull, updatedAt: now },
  })
  return count === 1
}
