import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newTenant, type Tenant } from './support/events.js'
import { startHarness, type Harness } from './support/harness.js'
import { startReceiver, type Receiver } from './support/receiver.js'
import { open } from '../src/db/client.js'

const RETRY_MS = 100
const PAUSE_AFTER_FAILURES = 3

let h: Harness
let receiver: Receiver
let isHealthy = false
/** The status the receiver gave its nth request. */
const answers: number[] = []

beforeAll(async () => {
  // one attempt at a time per platform, so arrivals follow the order attempts start in
  h = await startHarness('pause', {
    concurrencyPerPlatform: 1,
    pauseAfterFailures: PAUSE_AFTER_FAILURES,
    retryScheduleMs: Array.from({ length: 20 }, () => RETRY_MS),
  })
  receiver = await startReceiver((n) => (answers[n] = isHealthy ? 200 : 503))
})

afterAll(async () => {
  await receiver.close()
  await h.stop()
})

const eventIdOf = (n: number) => String(receiver.received[n]!.headers['x-service-event-id'])
const customerOf = (body: string): string => JSON.parse(body).data.id

async function publishCustomers(tenant: Tenant, from: number, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `Customer:${from + i}`)
  for (const id of ids) await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id })
  return ids
}

/** Waits for `count` more requests at the receiver; the index of the first. */
async function nextRequests(count: number, what: string): Promise<number> {
  const from = receiver.received.length
  await waitUntil(async () => receiver.received.length >= from + count, what, 10_000, 10)
  return from
}

it('pauses a failing endpoint: one probe per retry period reaches it, then the backlog arrives once each, in order', async () => {
  const tenant = newTenant()
  h.endpoints.set(tenant, receiver.url)
  const queuedBefore = await publishCustomers(tenant, 0, 10)

  let probeId: string | null | undefined
  await waitUntil(async () => {
    const state = await open(h.db).endpointState.findUnique({ where: { platformId_environment: tenant } })
    probeId = state?.probeDeliveryId
    return probeId != null
  }, 'the endpoint paused', 10_000, 10)
  const probed = await nextRequests(4, 'four probe attempts')
  const probes = receiver.received.slice(probed)
  expect(probes.map((_, i) => eventIdOf(probed + i))).toEqual(Array(probes.length).fill(probeId))
  for (let i = 1; i < probes.length; i += 1) expect(probes[i]!.receivedAt - probes[i - 1]!.receivedAt).toBeGreaterThanOrEqual(RETRY_MS - 20)
  // the failures that paused it, then the probe alone: not one attempt per queued event
  expect(new Set(receiver.received.map((_, n) => eventIdOf(n))).size).toBeLessThanOrEqual(PAUSE_AFTER_FAILURES + 1)

  // queued while paused: held, never attempted until the endpoint answers
  const queuedWhilePaused = await publishCustomers(tenant, 10, 5)
  await waitUntil(async () => (await h.log(tenant)).length === 15, 'every event queued')
  const stillProbing = await nextRequests(2, 'two more probe attempts')
  expect(receiver.received.slice(stillProbing).map((_, i) => eventIdOf(stillProbing + i))).toEqual([probeId, probeId])

  isHealthy = true
  await h.waitForLog(tenant, 15, (d) => d.status === 'DELIVERED', 'the whole backlog delivered')
  const accepted = receiver.received.filter((_, n) => answers[n] === 200).map((r) => customerOf(r.body))
  expect(accepted).toEqual([...queuedBefore, ...queuedWhilePaused])
  expect(await open(h.db).endpointState.count({ where: { platformId: tenant.platformId } })).toBe(0)
})

it('dead-letters the probe after its schedule, and with it the deliveries held as long', async () => {
  const tenant = newTenant()
  const dead = await startReceiver(() => 503)
  try {
    h.endpoints.set(tenant, dead.url)
    // a schedule of two short waits: the probe dies after three attempts
    const settings = h.deps.settings
    const saved = settings.retryScheduleMs
    settings.retryScheduleMs = [RETRY_MS, RETRY_MS]
    try {
      await publishCustomers(tenant, 0, 6)
      const log = await h.waitForLog(tenant, 6, (d) => d.status === 'DEAD', 'every delivery dead-lettered')
      // held deliveries were never attempted once paused; each went with a probe
      const attempted = new Set(dead.received.map((r) => customerOf(r.body)))
      expect(dead.received.length).toBeLessThan(6 * 3)
      expect(log.filter((d) => d.attemptCount === 0).length).toBe(6 - attempted.size)
    } finally {
      settings.retryScheduleMs = saved
    }
  } finally {
    await dead.close()
  }
})

it('holds nothing against an endpoint while the platform service cannot say where it is: no attempt, no pause, each delivered once after', async () => {
  const tenant = newTenant()
  const healthy = await startReceiver(() => 200)
  try {
    h.endpoints.set(tenant, healthy.url)
    // many more failed reads than the failures that pause an endpoint
    h.endpoints.unavailable(tenant, PAUSE_AFTER_FAILURES * 10)
    const queued = await publishCustomers(tenant, 0, 4)
    const log = await h.waitForLog(tenant, 4, (d) => d.status === 'DELIVERED', 'every delivery delivered once the platform service answers')
    expect(log.map((d) => d.attemptCount)).toEqual([1, 1, 1, 1])
    expect(log.flatMap((d) => d.attempts.map((a) => a.statusCode))).toEqual([200, 200, 200, 200])
    expect(healthy.received.map((r) => customerOf(r.body)).sort()).toEqual([...queued].sort())
    expect(await open(h.db).endpointState.count({ where: { platformId: tenant.platformId } })).toBe(0)
  } finally {
    await healthy.close()
  }
})
