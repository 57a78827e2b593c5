/**
 * Deliveries per second to a local receiver: publishes N events (spread over P platforms) on the
 * EVENTS stream under a source of its own, runs the event consumer and the delivery worker in
 * this process against a fresh database, and times until the receiver has every webhook.
 *
 *   pnpm --filter @pp/webhooks bench [events=2000] [platforms=10]
 *
 * Needs Postgres and NATS as the tests do (TEST_DATABASE_URL / NATS_URL or the local servers).
 * Bounded: at most 20,000 events and 120 seconds.
 */
import { randomBytes } from 'node:crypto'
import { createLogger } from '@pp/logging'
import { waitUntil } from '@pp/testing'
import { cachedEndpoints } from '../src/domain/delivery/endpoints.js'
import { postWebhook } from '../src/domain/delivery/http-post.js'
import { startDeliveryWorker } from '../src/domain/delivery/worker.js'
import { loadSigningKeys } from '../src/domain/signing/signing-keys.js'
import { openDb } from '../src/db/client.js'
import { startEventConsumer } from '../src/events/event-consumer.js'
import { newTenant, openTestEvents } from '../test/support/events.js'
import { InMemoryEndpoints, MIGRATIONS_DIR } from '../test/support/harness.js'
import { startReceiver } from '../test/support/receiver.js'
import { createTestDatabase } from '@pp/testing'

const EVENTS_MAX = 20_000
const TIME_LIMIT_MS = 120_000
const eventCount = Math.min(EVENTS_MAX, Number(process.argv[2] ?? 2_000))
const platformCount = Math.max(1, Number(process.argv[3] ?? 10))
const settings = {
  retryScheduleMs: [1_000],
  retryJitterRatio: 0,
  requestTimeoutMs: 5_000,
  claimLeaseMs: 30_000,
  concurrency: 64,
  concurrencyPerPlatform: 8,
  pollIntervalMs: 100,
}

const database = await createTestDatabase('webhooks_bench', MIGRATIONS_DIR)
const db = openDb(database.url, 20)
const receiver = await startReceiver()
const endpoints = new InMemoryEndpoints()
const tenants = Array.from({ length: platformCount }, () => newTenant())
for (const tenant of tenants) endpoints.set(tenant, receiver.url)
const logger = createLogger('webhooks-bench', 'warn')
const deps = { db, keys: await loadSigningKeys(db, randomBytes(32)), endpoints: cachedEndpoints(endpoints, 5_000), post: postWebhook, settings }
const events = await openTestEvents('bench')
// phase 1 queues every event with no worker running; phase 2 times the worker alone
const idleWorker = { wake: () => undefined, stop: async () => undefined }
const consumer = await startEventConsumer({ nats: events.nats, durableName: events.durableName, filterSubject: events.filterSubject, deps, worker: idleWorker, logger })
const queued = () => db.webhookDelivery.count()

try {
  let startedAt = performance.now()
  await Promise.all(
    Array.from({ length: eventCount }, (_, i) => events.publish(tenants[i % platformCount]!, 'CUSTOMER.UPDATED', { id: `Customer:${i}` })),
  )
  await waitUntil(async () => (await queued()) >= eventCount, `${eventCount} queued deliveries`, TIME_LIMIT_MS, 10)
  const queuedMs = performance.now() - startedAt

  startedAt = performance.now()
  const worker = startDeliveryWorker(deps, logger)
  await waitUntil(async () => receiver.received.length >= eventCount, `${eventCount} deliveries`, TIME_LIMIT_MS, 10)
  const deliveredMs = performance.now() - startedAt
  await worker.stop()
  const perSecond = (ms: number) => Math.round((eventCount / ms) * 1_000)
  console.log(
    `${eventCount} events over ${platformCount} platforms, concurrency ${settings.concurrency} (${settings.concurrencyPerPlatform} per platform)\n` +
      `  consumed, signed and queued: ${Math.round(queuedMs)} ms (${perSecond(queuedMs)} events/s)\n` +
      `  delivered to the local receiver: ${Math.round(deliveredMs)} ms (${perSecond(deliveredMs)} deliveries/s)`,
  )
} finally {
  await consumer.stop()
  await events.close()
  await receiver.close()
  await db.$disconnect()
  await database.drop()
}
