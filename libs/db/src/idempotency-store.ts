import type { Tenant } from '@pp/tenancy'
import { replayOf, type IdempotentCall } from './idempotency.js'
import type { PruneRule } from './retention.js'
import { violatedUniqueIndex } from './prisma-client.js'
import { prepared, type SqlRunner } from './sql-pool.js'

/*
 * The `idempotency_keys` table of every service that takes an Idempotency-Key, the same columns in
 * each one's database: per tenant and key, the request's fingerprint and the answer it was given.
 * An answer lives for the service's key lifetime; after it the key is a new request (see
 * `IdempotentCall.expiredUpTo`), and the pruning deletes the row (`expiredIdempotencyKeys`).
 */

const FIND = prepared(
  'idempotency_find_answer',
  `SELECT fingerprint, response FROM idempotency_keys
    WHERE platform_id = $1 AND environment = $2 AND key = $3 AND created_at > $4`,
)

// The expired answer goes in the same statement, before the insert: the unique check then no
// longer sees it, while a live answer still refuses the insert (a unique violation)
const STORE = prepared(
  'idempotency_store_answer',
  `WITH expired AS (
     DELETE FROM idempotency_keys WHERE platform_id = $1 AND environment = $2 AND key = $3 AND created_at <= $7 RETURNING 1
   )
   INSERT INTO idempotency_keys (platform_id, environment, key, fingerprint, response, created_at)
   SELECT $1, $2, $3, $4, $5::jsonb, $6 FROM (SELECT count(*) FROM expired) replaced`,
)

const FORGET = prepared('idempotency_forget_answer', 'DELETE FROM idempotency_keys WHERE platform_id = $1 AND environment = $2 AND key = $3')

/** The first answer given under the call's key in this tenant, or undefined when the key is new (see `replayOf`). */
export async function findReplay<T>(sql: SqlRunner, tenant: Tenant, call: IdempotentCall): Promise<T | undefined> {
  const values = [tenant.platformId, tenant.environment, call.key, call.expiredUpTo]
  const [stored] = await sql.query<{ fingerprint: string; response: unknown }>(FIND, values)
  return replayOf<T>(stored, call)
}

/**
 * Stores the answer in the effect's own transaction, in place of an expired one: a concurrent
 * twin of the call blocks on the key, then fails on it (a unique violation), and reads this
 * answer as its replay.
 */
export async function storeAnswer(sql: SqlRunner, tenant: Tenant, call: IdempotentCall, response: unknown, createdAt: Date): Promise<void> {
  await sql.query(STORE, [
    tenant.platformId, tenant.environment, call.key, call.fingerprint, JSON.stringify(response), createdAt, call.expiredUpTo,
  ])
}

/**
 * Answers a call once per Idempotency-Key: the answer stored under the key when there is one,
 * else what `act` answers, and `act` stores it under the key in its effect's transaction
 * (`storeAnswer`). A concurrent twin that loses the race on the key (a unique violation) answers
 * the winner's stored answer; any other failure, or no key, is the caller's to see.
 */
export async function answerOnce<T>(sql: SqlRunner, tenant: Tenant, call: IdempotentCall | undefined, act: () => Promise<T>): Promise<T> {
  const replay = call && (await findReplay<T>(sql, tenant, call))
  if (replay) return replay
  try {
    return await act()
  } catch (err) {
    const raced = violatedUniqueIndex(err) !== undefined && call && (await findReplay<T>(sql, tenant, call))
    if (raced) return raced
    throw err
  }
}

/** Undoes a key whose effect was refused, so the caller may retry it once the cause is fixed. */
export async function forgetAnswer(sql: SqlRunner, tenant: Tenant, key: string): Promise<void> {
  await sql.query(FORGET, [tenant.platformId, tenant.environment, key])
}

/** The keys past their lifetime, through the index on created_at (each service's migrations). */
export const expiredIdempotencyKeys = (ttlMs: number): PruneRule => ({
  name: 'idempotency_keys',
  table: 'idempotency_keys',
  since: 'created_at',
  keepMs: ttlMs,
})
