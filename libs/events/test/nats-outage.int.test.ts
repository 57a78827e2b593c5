import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NatsConnection } from '@nats-io/transport-node'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, freePort, waitUntil, type TestDatabase } from '@pp/testing'
import { connectNats, consumeEvents, ensureEventsStream, startOutboxRelay, writeOutbox, type RawExecutor } from '../src/index.js'

/**
 * NATS goes away while 50 state changes commit, then comes back: every event still arrives,
 * once. The test runs its own nats-server (on a free port, with its own store) so that stopping it
 * disturbs nothing else.
 */
const logger = pino({ level: 'silent' })
let db: TestDatabase
let sql: pg.Client
let storeDir: string
let port: number
let server: ChildProcess

function startNatsServer(): Promise<void> {
  server = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' })
  return waitUntil(async () => {
    const probe = await connectNats(`nats://127.0.0.1:${port}`, 'probe').catch(() => undefined)
    await probe?.close()
    return probe !== undefined
  }, 'nats-server to answer')
}

const stopNatsServer = () => new Promise<void>((resolve) => {
  server.once('exit', () => resolve())
  server.kill('SIGTERM')
})

beforeAll(async () => {
  db = await createTestDatabase('outbox_outage', join(import.meta.dirname, 'fixtures/migrations'))
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  storeDir = mkdtempSync(join(tmpdir(), 'nats-outage-'))
  port = await freePort()
  await startNatsServer()
})

afterAll(async () => {
  await sql.end()
  await db.drop()
  if (server.exitCode === null) await stopNatsServer()
  rmSync(storeDir, { recursive: true, force: true })
})

it('delivers all 50 events written while NATS was down, once each', async () => {
  const url = `nats://127.0.0.1:${port}`
  const producer: NatsConnection = await connectNats(url, 'outage-producer')
  const consumerConnection: NatsConnection = await connectNats(url, 'outage-consumer')
  await ensureEventsStream(producer)
  const received: string[] = []
  const consumer = await consumeEvents({
    nats: consumerConnection,
    durableName: 'outage-test',
    filterSubject: 'events.outage.>',
    logger,
    handle: async (event) => void received.push(event.id),
  })
  const relay = startOutboxRelay({ databaseUrl: db.url, nats: producer, logger, retryDelayMsMax: 200 })
  const executor: RawExecutor = { $executeRawUnsafe: async (query, ...values) => (await sql.query(query, values)).rowCount ?? 0 }

  await stopNatsServer()
  const written: string[] = []
  for (let change = 0; change < 50; change += 1) {
    await sql.query('BEGIN')
    written.push((await writeOutbox(executor, 'outage', { type: 'THING.CHANGED', platformId: 'Platform:p', environment: 'SANDBOX', data: { change } })).id)
    await sql.query('COMMIT')
  }
  await startNatsServer()

  await waitUntil(async () => received.length >= 50, 'all 50 events after NATS returned', 60_000)
  expect([...received].sort()).toEqual([...written].sort())
  expect(new Set(received).size).toBe(50)
  await relay.stop()
  await consumer.stop()
  await producer.close()
  await consumerConnection.close()
}, 90_000)
