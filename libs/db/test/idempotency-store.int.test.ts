import type { Tenant } from '@pp/tenancy'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSqlPool, findReplay, idempotentCall, storeAnswer, type SqlPool } from '../src/index.js'

const HOUR_MS = 3_600_000
const TTL_MS = 24 * HOUR_MS
const T = new Date('2026-01-10T12:00:00.000Z')
const at = (ms: number): Date => new Date(T.getTime() + ms)
/** A call made at `when` under a key lifetime of a day. */
const callAt = (when: Date, key: string, request: unknown) => idempotentCall(key, 'Create', request, { now: () => when, idempotencyKeyTtlMs: TTL_MS })

let db: TestDatabase
let sql: SqlPool
let counter = 0
const newTenant = (): Tenant => ({ platformId: `Platform:keys-${++counter}`, environment: 'SANDBOX' })

beforeAll(async () => {
  db = await createTestDatabase('idempotency_store')
  sql = createSqlPool(db.url)
  // the table every service that takes an Idempotency-Key has
  await sql.query({ name: 'create_keys', text: `CREATE TABLE idempotency_keys (
    platform_id TEXT NOT NULL, environment TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, response JSONB NOT NULL,
    created_at TIMESTAMPTZ(3) NOT NULL, PRIMARY KEY (platform_id, environment, key))` }, [])
})

afterAll(async () => {
  await sql.end()
  await db.drop()
})

it('replays the first answer until the key expires; after it the key is a new request, whose answer replaces the old one', async () => {
  const tenant = newTenant()
  await storeAnswer(sql, tenant, callAt(T, 'k', { amount: 1 }), { id: 'first' }, T)

  expect(await findReplay(sql, tenant, callAt(at(TTL_MS - 1), 'k', { amount: 1 }))).toEqual({ id: 'first' })
  // another request under a live key is the caller's mistake
  await expect(findReplay(sql, tenant, callAt(at(TTL_MS - 1), 'k', { amount: 2 }))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })

  // a day on, the old row is still there, yet the same key, even with another request, is new
  const later = callAt(at(TTL_MS), 'k', { amount: 2 })
  expect(await findReplay(sql, tenant, later)).toBeUndefined()
  await storeAnswer(sql, tenant, later, { id: 'second' }, at(TTL_MS))
  expect(await findReplay(sql, tenant, callAt(at(TTL_MS + 1), 'k', { amount: 2 }))).toEqual({ id: 'second' })
})

it('still refuses a second answer under a live key, so a racing twin reads the first as its replay', async () => {
  const tenant = newTenant()
  await storeAnswer(sql, tenant, callAt(T, 'k', {}), { id: 'first' }, T)
  await expect(storeAnswer(sql, tenant, callAt(at(HOUR_MS), 'k', {}), { id: 'twin' }, at(HOUR_MS))).rejects.toMatchObject({ code: '23505' })
  expect(await findReplay(sql, tenant, callAt(at(HOUR_MS), 'k', {}))).toEqual({ id: 'first' })
})

it('replaces an expired answer once when two calls race with its key: one stores, the other meets the unique key', async () => {
  const tenant = newTenant()
  await storeAnswer(sql, tenant, callAt(T, 'k', {}), { id: 'expired' }, T)
  const later = at(2 * TTL_MS)
  const outcomes = await Promise.allSettled(
    ['a', 'b'].map((id) => sql.transaction((tx) => storeAnswer(tx, tenant, callAt(later, 'k', {}), { id }, later))),
  )
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
  expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code)).toEqual(['23505'])
  expect(await findReplay(sql, tenant, callAt(later, 'k', {}))).toMatchObject({ id: expect.stringMatching(/^[ab]$/) })
})
