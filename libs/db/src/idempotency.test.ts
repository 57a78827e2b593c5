import { ApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import { fingerprintOf, idempotentCall, replayOf } from './idempotency.js'

const lifetime = { now: () => new Date('2025-10-14T12:00:00.000Z'), idempotencyKeyTtlMs: 3_600_000 }

describe('idempotency', () => {
  it('fingerprints content regardless of key order, bigints included', () => {
    expect(fingerprintOf({ a: 1n, b: { c: 2, d: 3 } })).toBe(fingerprintOf({ b: { d: 3, c: 2 }, a: 1n }))
    expect(fingerprintOf({ a: 1n })).not.toBe(fingerprintOf({ a: 2n }))
  })

  it('replays the first answer for the same request and refuses the key with another', () => {
    const call = idempotentCall('key-1', 'Create', { amount: 5n }, lifetime)
    expect(replayOf(undefined, call)).toBeUndefined()
    expect(replayOf({ fingerprint: call.fingerprint, response: { id: 'x' } }, call)).toEqual({ id: 'x' })
    const other = idempotentCall('key-1', 'Create', { amount: 6n }, lifetime)
    expect(() => replayOf({ fingerprint: call.fingerprint, response: {} }, other)).toThrow(ApiError)
  })

  it('counts answers as expired once they are as old as the lifetime', () => {
    expect(idempotentCall('key-1', 'Create', {}, lifetime).expiredUpTo).toEqual(new Date('2025-10-14T11:00:00.000Z'))
  })

  it('refuses keys longer than 255 characters', () => {
    expect(() => idempotentCall('k'.repeat(256), 'Create', {}, lifetime)).toThrow(ApiError)
  })
})
