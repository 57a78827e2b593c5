import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testConnections, waitUntil, type TestDatabase } from '@pp/testing'
import {
  connectNats,
  consumeEvents,
  developmentSigningKey,
  EVENTS_STREAM,
  ensureEventsStream,
  eventVerifierOf,
  startOutboxRelay,
  writeOutbox,
  type EventEnvelope,
  type OutboxRelay,
  type RawExecutor,
  type RunningConsumer,
} from '../src/index.js'

const logger = pino({ level: 'silent' })
// a source of its own per run, so this file's consumer sees only this file's events
const source = `test${randomBytes(4).toString('hex')}`
/** How soon a notified relay publishes; how long an idle one is watched. */
const PROMPT_MS = 1_000
// a run the last NOTIFY started may end with one more look at the outbox
const SETTLE_MS = 200
const IDLE_MS = 2_000

describe('outbox relay and durable consumer', () => {
  let db: TestDatabase
  let sql: pg.Client
  let nats: NatsConnection
  let relay: OutboxRelay
  let consumer: RunningConsumer
  const received: EventEnvelope[] = []

  beforeAll(async () => {
    db = await createTestDatabase('outbox', join(import.meta.dirname, 'fixtures/migrations'))
    sql = new pg.Client({ connectionString: db.url })
    await sql.connect()
    nats = await connectNats((await testConnections()).natsUrl, 'outbox-test')
    await ensureEventsStream(nats)
    consumer = await consumeEvents({
      nats,
      durableName: `${source}-consumer`,
      filterSubject: `events.${source}.>`,
      logger,
      verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger),
      handle: async (event) => void received.push(event),
    })
  })

  afterAll(async () => {
    await relay?.stop()
    await consumer.stop()
    await (await jetstreamManager(nats)).consumers.delete(EVENTS_STREAM, `${source}-consumer`)
    await nats.drain()
    await sql.end()
    await db.drop()
  })

  const executor: RawExecutor = {
    $executeRawUnsafe: async (query, ...values) => (await sql.query(query, values)).rowCount ?? 0,
  }

  async function inTransaction(type: string, commit: boolean): Promise<EventEnvelope> {
    await sql.query('BEGIN')
    const event = await writeOutbox(executor, source, { type, platformId: 'Platform:p', environment: 'SANDBOX', data: { n: type } })
    await sql.query(commit ? 'COMMIT' : 'ROLLBACK')
    return event
  }

  it('publishes committed events once, in order, and never rolled-back ones', async () => {
    const first = await inTransaction('THING.CREATED', true)
    await inTransaction('THING.ROLLED_BACK', false)
    const second = await inTransaction('THING.UPDATED', true)
    relay = startOutboxRelay({ databaseUrl: db.url, nats, logger, signingKey: developmentSigningKey(source) })

    await waitUntil(async () => received.length >= 2, 'two events')
    expect(received.map((e) => e.id)).toEqual([first.id, second.id])
    expect(received[0]).toMatchObject({ type: 'THING.CREATED', source, platformId: 'Platform:p', data: { n: 'THING.CREATED' } })
    // the relay marks its rows once JetStream has acked them, which a consumer may hear of first
    const unpublished = async () => (await sql.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL')).rows[0].n
    await waitUntil(async () => (await unpublished()) === 0, 'the published rows to be marked')
  })

  it('drops a republished event by its id (a relay crash between publish and commit)', async () => {
    const [first] = received
    await sql.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [first!.id])
    const sentinel = await inTransaction('THING.SENTINEL', true)
    await waitUntil(async () => received.some((e) => e.id === sentinel.id), 'the sentinel event')
    expect(received.filter((e) => e.id === first!.id)).toHaveLength(1)
  })

  it('wakes on the outbox NOTIFY: a committed event goes out within a moment', async () => {
    const event = await inTransaction('THING.NOTIFIED', true)
    await waitUntil(async () => received.some((e) => e.id === event.id), 'the event on JetStream', PROMPT_MS, 10)
  })

  // pg_stat_activity rather than pg_stat_database: an idle backend reports its counters up to
  // 10 s late, while the start of its last statement (or of a new connection) shows at once
  it('sends the database no statement while idle', async () => {
    // the last test's event reached JetStream before the relay committed it as published: idle starts after that
    await waitUntil(async () => (await sql.query('SELECT 1 FROM outbox_events WHERE published_at IS NULL')).rowCount === 0, 'the outbox drained')
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    const since = (await sql.query<{ now: Date }>('SELECT now()')).rows[0]!.now
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
    const { rows } = await sql.query(
      `SELECT query FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND (backend_start > $1 OR query_start > $1)`,
      [since],
    )
    expect(rows).toEqual([])
  })
})
