import { join } from 'node:path'
import { jetstreamManager } from '@nats-io/jetstream'
import { startPruning } from '@pp/db'
import { createTestDatabase, testConnections, waitUntil } from '@pp/testing'
import pg from 'pg'
import { pino } from 'pino'
import { expect, it } from 'vitest'
import { connectNats, ensureEventsStream, EVENTS_STREAM, publishedOutboxEvents } from '../src/index.js'

const DAY_MS = 24 * 3_600_000
const GIB = 1024 ** 3
const NANOS_PER_MS = 1_000_000

it('prunes the outbox rows published longer ago than the limit, and never an unpublished one', async () => {
  const db = await createTestDatabase('outbox_retention', join(import.meta.dirname, 'fixtures/migrations'))
  const sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  const insert = (id: string, createdAgo: string, publishedAgo: string | null) =>
    sql.query(
      `INSERT INTO outbox_events (id, subject, payload, created_at, published_at)
       VALUES ($1, 'events.test.X', '{}', now() - $2::interval, now() - $3::interval)`,
      [id, createdAgo, publishedAgo],
    )
  await insert('published-8-days-ago', '8 days', '8 days')
  await insert('published-an-hour-ago', '1 hour', '1 hour')
  // a relay that was down a month: its rows wait, however old
  await insert('unpublished-for-a-month', '30 days', null)
  const pruning = startPruning({ databaseUrl: db.url, logger: pino({ level: 'silent' }), rules: [publishedOutboxEvents(7 * DAY_MS)] })
  const ids = async () => (await sql.query<{ id: string }>('SELECT id FROM outbox_events ORDER BY id')).rows.map((r) => r.id)
  try {
    await waitUntil(async () => (await ids()).length === 2, 'the start-up run to prune', 5_000, 20)
    expect(await ids()).toEqual(['published-an-hour-ago', 'unpublished-for-a-month'])
  } finally {
    await pruning.stop()
    await sql.end()
    await db.drop()
  }
})

it('sets the EVENTS stream limits, on an existing stream too, and leaves them when given none', async () => {
  const nats = await connectNats((await testConnections()).natsUrl, 'stream-limits-test')
  const limitsOf = async () => {
    const { config } = await (await jetstreamManager(nats)).streams.info(EVENTS_STREAM)
    return { maxAgeMs: config.max_age / NANOS_PER_MS, maxBytes: config.max_bytes }
  }
  // the service defaults (libs/config): the mesh of any test running beside this one sets the same
  const defaults = { maxAgeMs: 7 * DAY_MS, maxBytes: GIB }
  try {
    await ensureEventsStream(nats)
    await ensureEventsStream(nats, { maxAgeMs: 8 * DAY_MS, maxBytes: 2 * GIB })
    expect(await limitsOf()).toEqual({ maxAgeMs: 8 * DAY_MS, maxBytes: 2 * GIB })
    await ensureEventsStream(nats, defaults)
    await ensureEventsStream(nats)
    expect(await limitsOf()).toEqual(defaults)
  } finally {
    await nats.drain()
  }
})
