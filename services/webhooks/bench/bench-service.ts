import { randomBytes } from 'node:crypto'
import { eventVerifierOf, type RunningConsumer } from '@pp/events'
import { createLogger, type Logger } from '@pp/logging'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { open, openDb, openSql, type Db, type Sql } from '../src/db/client.js'
import type { WebhooksDeps } from '../src/domain/deps.js'
import { createPostWebhook } from '../src/domain/delivery/http-post.js'
import type { DeliverySettings } from '../src/domain/delivery/settings.js'
import type { DeliveryWorker } from '../src/domain/delivery/worker.js'
import { endpointDirectory } from '../src/domain/endpoint/endpoint-directory.js'
import { keyEncryption } from '../src/domain/signing/key-encryption.js'
import { loadSigningKeys } from '../src/domain/signing/signing-keys.js'
import { startEventConsumer } from '../src/events/event-consumer.js'
import { openTestEvents, type TestEvents } from '../test/support/events.js'
import { InMemoryPlatformConfigs, MIGRATIONS_DIR } from '../test/support/harness.js'

/** The service's pieces in the bench's process, on a fresh database, as main.ts wires them. */
export interface BenchService {
  database: TestDatabase
  db: Db
  deps: WebhooksDeps
  endpoints: InMemoryPlatformConfigs
  events: TestEvents
  logger: Logger
  /** Starts consuming this bench's events, waking `worker` for each queued delivery. */
  consume(worker: DeliveryWorker): Promise<void>
  stop(): Promise<void>
}

export async function openBenchService(name: string, settings: DeliverySettings): Promise<BenchService> {
  const database = await createTestDatabase(`webhooks_${name}`, MIGRATIONS_DIR)
  const db = openDb(database.url, 5)
  const sql: Sql = openSql(database.url, 20)
  const attemptsSql: Sql = openSql(database.url, 10, { synchronousCommit: false })
  const endpoints = new InMemoryPlatformConfigs()
  const logger = createLogger(`webhooks-${name}`, 'warn')
  const keys = await loadSigningKeys(db, keyEncryption(randomBytes(32), []))
  const deps: WebhooksDeps = { db, sql, attemptsSql, keys, endpointDirectory: endpointDirectory(sql, endpoints), post: createPostWebhook(undefined, { allowLoopback: true }), settings }
  const events = await openTestEvents(name)
  let consumer: RunningConsumer | undefined
  return {
    database, db, deps, endpoints, events, logger,
    async consume(worker) {
      consumer = await startEventConsumer({ nats: events.nats, durableName: events.durableName, filterSubject: events.filterSubject, deps, worker, logger, verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger) })
    },
    async stop() {
      await consumer?.stop()
      await events.close()
      await sql.end()
      await attemptsSql.end()
      await open(db).$disconnect()
      await database.drop()
    },
  }
}
