/**
 * Deliveries per second to a local receiver: publishes N events (spread over P platforms) on the
 * EVENTS stream under a source of its own, runs the event consumer and the delivery worker in
 * this process against a fresh database, and times until the receiver has every webhook. Then,
 * with the worker running, publishes N more at a steady R events/s and reports the
 * event-to-delivery latency (publish to arrival at the receiver), p50 and p99.
 *
 *   pnpm --filter @pp/webhooks bench [events=2000] [platforms=10] [rate=200]
 *
 * Needs Postgres and NATS as the tests do (TEST_DATABASE_URL / NATS_URL or the local servers).
 * Bounded: at most 20,000 events and 120 seconds.
 */
import { waitUntil } from '@pp/testing'
import { startDeliveryWorker } from '../src/domain/delivery/worker.js'
import { newTenant } from '../test/support/events.js'
import { startReceiver } from '../test/support/receiver.js'
import { openBenchService } from './bench-service.js'
import { open } from '../src/db/client.js'

const EVENTS_MAX = 20_000
const TIME_LIMIT_MS = 120_000
const eventCount = Math.min(EVENTS_MAX, Number(process.argv[2] ?? 2_000))
const platformCount = Math.max(1, Number(process.argv[3] ?? 10))
const liveRate = Math.max(1, Number(process.argv[4] ?? 200))
const settings = {
  retryScheduleMs: [1_000],
  retryJitterRatio: 0,
  requestTimeoutMs: 5_000,
  claimLeaseMs: 30_000,
  concurrency: 64,
  concurrencyPerPlatform: 8,
  pauseAfterFailures: 5,
  endpointUnknownRetryMs: 1_000,
}

const service = await openBenchService('bench', settings)
const { db, deps, events, logger } = service
const receiver = await startReceiver()
const tenants = Array.from({ length: platformCount }, () => newTenant())
for (const tenant of tenants) service.endpoints.set(tenant, receiver.url)
// phase 1 queues every event with no worker running; phase 2 times the worker alone; phase 3 runs both
let running: { wake(): void } = { wake: () => undefined }
await service.consume({ wake: () => running.wake(), stop: async () => undefined })
const queued = () => open(db).webhookDelivery.count()
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!

/** Publishes `count` events at `rate` per second with the worker running; the latency of each, sorted. */
async function liveLatenciesMs(count: number, rate: number): Promise<number[]> {
  const publishedAt = new Map<string, number>()
  const arrivedBefore = receiver.received.length
  const startedAt = Date.now()
  for (let i = 0; i < count; i += 1) {
    const dueAt = startedAt + (i * 1_000) / rate
    if (dueAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, dueAt - Date.now()))
    const id = `Customer:live${i}`
    publishedAt.set(id, Date.now())
    void events.publish(tenants[i % platformCount]!, 'CUSTOMER.UPDATED', { id })
  }
  await waitUntil(async () => receiver.received.length >= arrivedBefore + count, `${count} live deliveries`, TIME_LIMIT_MS, 10)
  return receiver.received
    .slice(arrivedBefore)
    .map((r) => r.receivedAt - publishedAt.get(JSON.parse(r.body).data.id)!)
    .sort((a, b) => a - b)
}

try {
  let startedAt = performance.now()
  await Promise.all(
    Array.from({ length: eventCount }, (_, i) => events.publish(tenants[i % platformCount]!, 'CUSTOMER.UPDATED', { id: `Customer:${i}` })),
  )
  await waitUntil(async () => (await queued()) >= eventCount, `${eventCount} queued deliveries`, TIME_LIMIT_MS, 10)
  const queuedMs = performance.now() - startedAt

  startedAt = performance.now()
  const cpuBefore = process.cpuUsage()
  const deliveryWorker = startDeliveryWorker(deps, logger, service.database.url)
  running = deliveryWorker
  await waitUntil(async () => receiver.received.length >= eventCount, `${eventCount} deliveries`, TIME_LIMIT_MS, 10)
  const deliveredMs = performance.now() - startedAt
  const cpu = process.cpuUsage(cpuBefore)
  const latencies = await liveLatenciesMs(eventCount, liveRate)
  await deliveryWorker.stop()
  const perSecond = (ms: number) => Math.round((eventCount / ms) * 1_000)
  console.log(
    `${eventCount} events over ${platformCount} platforms, concurrency ${settings.concurrency} (${settings.concurrencyPerPlatform} per platform)\n` +
      `  consumed, signed and queued: ${Math.round(queuedMs)} ms (${perSecond(queuedMs)} events/s)\n` +
      `  delivered to the local receiver: ${Math.round(deliveredMs)} ms (${perSecond(deliveredMs)} deliveries/s, ` +
      `${Math.round((cpu.user + cpu.system) / eventCount)} µs of this process's CPU each)\n` +
      `  event to delivery at ${liveRate} events/s: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`,
  )
} finally {
  await receiver.close()
  await service.stop()
}
