import { randomUUID } from 'node:crypto'
import type { NatsConnection } from '@nats-io/transport-node'
import { connectNats } from '@pp/events'
import { createLogger } from '@pp/logging'
import { testConnections, waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RATE_LIMIT_SUBJECT, shareRateLimits, type RateLimitSharing } from './rate-limit-sharing.js'
import { TokenBuckets } from './token-buckets.js'

/** Two replicas' limits on the real NATS server, their clocks stopped so that nothing refills. */
describe('rate limits shared across replicas', () => {
  const logger = createLogger('gateway-test', 'silent')
  const replicas: Array<{ nats: NatsConnection; limits: TokenBuckets; sharing: RateLimitSharing; debit: ReturnType<typeof vi.spyOn> }> = []

  beforeAll(async () => {
    const { natsUrl } = await testConnections()
    for (const name of ['a', 'b']) {
      const nats = await connectNats(natsUrl, `gateway-test-${name}`)
      const limits = new TokenBuckets({ perSecond: 1, burst: 5, nowMs: () => 0 })
      const debit = vi.spyOn(limits, 'debit')
      const sharing = shareRateLimits(nats, limits, { intervalMs: 20, logger })
      await nats.flush() // subscribed before anything is published
      replicas.push({ nats, limits, sharing, debit })
    }
  })

  afterAll(async () => {
    for (const { nats, sharing } of replicas) {
      await sharing.stop()
      await nats.close()
    }
  })

  it("debits what one replica let through from the other's bucket, and never its own twice", async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]]
    const key = `Token:${randomUUID()}`
    for (let i = 0; i < 5; i += 1) expect(a.limits.take(key)).toBe(0)
    await waitUntil(async () => b.debit.mock.calls.some(([k]) => k === key), 'replica b to hear of the use', 5_000, 10)
    expect(b.debit.mock.calls.filter(([k]) => k === key)).toEqual([[key, 5]])
    expect(b.limits.take(key)).toBeGreaterThan(0)
    expect(a.debit.mock.calls.filter(([k]) => k === key)).toEqual([])
  })

  it('reports many keys in several messages, and skips a report it cannot read', async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]]
    a.nats.publish(RATE_LIMIT_SUBJECT, 'not json')
    a.nats.publish(RATE_LIMIT_SUBJECT, JSON.stringify({ from: 'x', spent: [['Token:x', -3]] }))
    const keys = Array.from({ length: 2_500 }, () => `Token:${randomUUID()}`)
    for (const key of keys) a.limits.take(key)
    const heard = () => new Set(b.debit.mock.calls.map(([k]) => k))
    await waitUntil(async () => keys.every((key) => heard().has(key)), 'replica b to hear of every key', 5_000, 20)
    expect(heard().has('Token:x')).toBe(false)
  })
})
