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
  EVENTS_STREAM,
  ensureEventsStream,
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
    relay = startOutboxRelay({ databaseUrl: db.url, nats, logger, pollIntervalMs: 20 })

    await waitUntil(async () => received.length >= 2, 'two events')
    expect(received.map((e) => e.id)).toEqual([first.id, second.id])
    expect(received[0]).toMatchObject({ type: 'THING.CREATED', source, platformId: 'Platform:p', data: { n: 'THING.CREATED' } })
    const unpublished = await sql.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL')
    expect(unpublished.rows[0].n).toBe(0)
  })

  it('drops a republished event by its id (a relay crash between publish and commit)', async () => {
    const [first] = received
    await sql.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [first!.id])
    const sentinel = await inTransaction('THING.SENTINEL', true)
    await waitUntil(async () => received.some((e) => e.id === sentinel.id), 'the sentinel event')
    expect(received.filter((e) => e.id === first!.id)).toHaveLength(1)
  })
})
