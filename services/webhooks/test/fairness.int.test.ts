import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { newTenant } from './support/events.js'
import { startHarness, type Harness } from './support/harness.js'
import { startReceiver, type Receiver } from './support/receiver.js'

const REQUEST_TIMEOUT_MS = 5_000

let h: Harness
let stuck: Receiver
let healthy: Receiver

beforeAll(async () => {
  // few slots in all, so a platform that could take them all would starve the other
  h = await startHarness('fairness', { requestTimeoutMs: REQUEST_TIMEOUT_MS, claimLeaseMs: 10_000, concurrency: 4, concurrencyPerPlatform: 2 })
  stuck = await startReceiver(() => 'hang')
  healthy = await startReceiver()
})

afterAll(async () => {
  // closing the stuck receiver first ends the hanging attempts, so the worker stops at once
  await Promise.all([stuck.close(), healthy.close()])
  await h.stop()
})

it("a receiver that never answers for platform A does not delay platform B's deliveries", async () => {
  const a = newTenant()
  const b = newTenant()
  h.endpoints.set(a, stuck.url)
  h.endpoints.set(b, healthy.url)
  for (let i = 0; i < 20; i += 1) await h.events.publish(a, 'CUSTOMER.UPDATED', { id: `Customer:a${i}` })
  await waitUntil(async () => stuck.received.length === 2, "A's receiver holding its two slots")

  const latenciesMs: number[] = []
  for (let i = 0; i < 5; i += 1) {
    const publishedAt = Date.now()
    await h.events.publish(b, 'CUSTOMER.UPDATED', { id: `Customer:b${i}` })
    await waitUntil(async () => healthy.received.length === i + 1, `B's delivery ${i + 1}`, REQUEST_TIMEOUT_MS, 5)
    latenciesMs.push(healthy.received[i]!.receivedAt - publishedAt)
  }

  // all of B went through while A's first attempts were still hanging
  expect(stuck.received).toHaveLength(2)
  expect(Math.max(...latenciesMs)).toBeLessThan(REQUEST_TIMEOUT_MS / 5)
})
