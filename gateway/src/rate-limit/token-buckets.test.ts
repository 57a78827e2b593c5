import { describe, expect, it } from 'vitest'
import { TokenBuckets } from './token-buckets.js'

const buckets = (perSecond: number, burst: number) => {
  const clock = { nowMs: 0 }
  return { clock, limits: new TokenBuckets({ perSecond, burst, nowMs: () => clock.nowMs }) }
}

describe('token buckets per key', () => {
  it('lets a burst through, then one request per 1/rate seconds, saying how long to wait', () => {
    const { clock, limits } = buckets(2, 3)
    expect([limits.take('a'), limits.take('a'), limits.take('a')]).toEqual([0, 0, 0])
    expect(limits.take('a')).toBe(1)
    clock.nowMs += 500
    expect(limits.take('a')).toBe(0)
    expect(limits.take('a')).toBe(1)
    // another key has a bucket of its own
    expect(limits.take('b')).toBe(0)
  })

  it('refills up to the burst only', () => {
    const { clock, limits } = buckets(10, 2)
    clock.nowMs += 60_000
    expect([limits.take('a'), limits.take('a'), limits.take('a')]).toEqual([0, 0, 1])
  })

  it("debits other replicas' use, below zero if need be, which lengthens the wait", () => {
    const { clock, limits } = buckets(1, 5)
    limits.debit('a', 12)
    expect(limits.take('a')).toBe(8)
    clock.nowMs += 8_000
    expect(limits.take('a')).toBe(0)
  })

  it('hands out what it let through per key once, and forgets buckets that refilled', () => {
    const { clock, limits } = buckets(1, 2)
    limits.take('a')
    limits.take('a')
    limits.take('b')
    limits.take('b')
    limits.take('b')
    expect(limits.takeSpent()).toEqual([['a', 2], ['b', 2]])
    expect(limits.takeSpent()).toEqual([])
    clock.nowMs += 2_000
    limits.forgetFull()
    // forgotten: a fresh bucket, and nothing left to share
    expect([limits.take('a'), limits.take('a'), limits.take('a')]).toEqual([0, 0, 1])
    expect(limits.takeSpent()).toEqual([['a', 2]])
  })

  it('refuses a rate or burst that lets nothing through', () => {
    expect(() => new TokenBuckets({ perSecond: 0, burst: 5 })).toThrow()
    expect(() => new TokenBuckets({ perSecond: 1, burst: 0 })).toThrow()
  })
})
