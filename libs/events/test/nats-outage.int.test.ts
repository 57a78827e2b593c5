import { join } from 'node:path'
import type { NatsConnection } from '@nats-io/transport-node'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, ownNatsServer, waitUntil, type OwnNatsServer, type TestDatabase } from '@pp/testing'
import {
  connectNats,
  consumeEvents,
  developmentSigningKey,
  ensureEventsStream,
  eventVerifierOf,
  linkNats,
  startOutboxRelay,
  writeOutbox,
  type RawExecutor,
} from '../src/index.js'

/**
 * NATS goes away while 50 state changes commit, then comes back: every event still arrives,
 * once. And a process that starts while NATS is down runs without it, then attaches what needs it
 * when it answers. The tests run their own nats-server so that stopping it disturbs nothing else.
 */
const logger = pino({ level: 'silent' })
let db: TestDatabase
let sql: pg.Client
let server: OwnNatsServer

beforeAll(async () => {
  db = await createTestDatabase('outbox_outage', join(import.meta.dirname, 'fixtures/migrations'))
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  server = await ownNatsServer()
  await server.start()
})

afterAll(async () => {
  await sql.end()
  await db.drop()
  await server.remove()
})

it('delivers all 50 events written while NATS was down, once each', async () => {
  const producer: NatsConnection = await connectNats(server.url, 'outage-producer')
  const consumerConnection: NatsConnection = await connectNats(server.url, 'outage-consumer')
  await ensureEventsStream(producer)
  const received: string[] = []
  const consumer = await consumeEvents({
    nats: consumerConnection,
    durableName: 'outage-test',
    filterSubject: 'events.outage.>',
    logger,
    verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger),
    handle: async (event) => void received.push(event.id),
  })
  const relay = startOutboxRelay({ databaseUrl: db.url, nats: producer, logger, signingKey: developmentSigningKey('outage'), retryDelayMsMax: 200 })
  const executor: RawExecutor = { $executeRawUnsafe: async (query, ...values) => (await sql.query(query, values)).rowCount ?? 0 }

  await server.stop()
  const written: string[] = []
  for (let change = 0; change < 50; change += 1) {
    await sql.query('BEGIN')
    written.push((await writeOutbox(executor, 'outage', { type: 'THING.CHANGED', platformId: 'Platform:p', environment: 'SANDBOX', data: { change } })).id)
    await sql.query('COMMIT')
  }
  await server.start()

  await waitUntil(async () => received.length >= 50, 'all 50 events after NATS returned', 60_000)
  expect([...received].sort()).toEqual([...written].sort())
  expect(new Set(received).size).toBe(50)
  await relay.stop()
  await consumer.stop()
  await producer.close()
  await consumerConnection.close()
}, 90_000)

it('links to a NATS that is down: not serving, then attaches when it answers, and reports a loss', async () => {
  await server.stop()
  const changes: boolean[] = []
  const link = linkNats({ url: server.url, name: 'late-link', logger, prepare: ensureEventsStream })
  link.onChange((serving) => changes.push(serving))
  let attached = 0
  const attachment = link.whenServing('probe', async () => {
    attached += 1
    return { stop: async () => undefined }
  })
  expect(link.serving()).toBe(false)

  await server.start()
  await waitUntil(async () => link.serving(), 'the link to serve', 20_000)
  expect(attached).toBe(1)
  await server.stop()
  await waitUntil(async () => !link.serving(), 'the link to report the loss')
  await server.start()
  await waitUntil(async () => link.serving(), 'the link to serve again', 20_000)
  // attached once: the attachment lives across reconnects
  expect(attached).toBe(1)
  expect(changes).toEqual([true, false, true])
  await attachment.stop()
  await link.close()
}, 60_000)
