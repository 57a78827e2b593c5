import { join } from 'node:path'
import { createSqlPool, prepared } from '@pp/db'
import { createTestDatabase } from '@pp/testing'
import { expect, it } from 'vitest'
import { outboxInsert, outboxRecord, outboxValues, writeOutboxRecords } from '../src/index.js'

const event = (type: string) => outboxRecord('test', { type, platformId: 'Platform:p', environment: 'SANDBOX', data: { type } })

it('writes outbox rows in one statement on the pool, and embedded in a statement only when its guard has a row', async () => {
  const db = await createTestDatabase('outbox_writers', join(import.meta.dirname, 'fixtures/migrations'))
  const sql = createSqlPool(db.url, 2)
  const rows = async () =>
    (await sql.query<{ id: string; subject: string; payload: { id: string } }>(prepared('rows', 'SELECT id, subject, payload FROM outbox_events ORDER BY id'), []))
  try {
    const pair = [event('THING.CREATED'), event('THING.UPDATED')]
    await sql.transaction((tx) => writeOutboxRecords(tx, pair))
    await writeOutboxRecords(sql, [])
    expect(await rows()).toEqual(pair.map((r) => ({ id: r.envelope.id, subject: r.subject, payload: r.envelope })))

    const guarded = prepared('guarded', `WITH go AS (SELECT 1 WHERE $1::boolean), events AS (${outboxInsert(2, 'go')}) SELECT count(*)::int AS n FROM go`)
    const skipped = event('THING.SKIPPED')
    const written = event('THING.WRITTEN')
    await sql.query(guarded, [false, ...outboxValues([skipped])])
    await sql.query(guarded, [true, ...outboxValues([written])])
    expect((await rows()).map((r) => r.id)).toEqual([...pair.map((r) => r.envelope.id), written.envelope.id])
  } finally {
    await sql.end()
    await db.drop()
  }
})
