import { createHash } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'

const KEY_LENGTH_MAX = 255

/** An Idempotency-Key, the fingerprint of the request it came with, and from when its answers count. */
export interface IdempotentCall {
  key: string
  fingerprint: string
  /**
   * An answer stored at or before this time has expired: the key is a new request again, and
   * storing its new answer replaces the old one.
   */
  expiredUpTo: Date
}

/** A service's clock and how long it replays a key's first answer (its IDEMPOTENCY_KEY_TTL_MS). */
export interface KeyLifetime {
  now(): Date
  idempotencyKeyTtlMs: number
}

/** What a service stored under a key, in the same transaction as the effect. */
export interface StoredCall {
  fingerprint: string
  response: unknown
}

/**
 * A digest of a request's content: keys sorted, bigints as strings. The same content always
 * gives the same digest, so a retry is told apart from a different request under the same key.
 */
export function fingerprintOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content, canonical)).digest('hex')
}

/**
 * The key and the fingerprint of what was asked, so a reuse with another request is caught, as
 * long as the key lives: an answer older than the lifetime is no longer replayed.
 */
export function idempotentCall(key: string, operation: string, request: unknown, lifetime: KeyLifetime): IdempotentCall {
  if (key.length > KEY_LENGTH_MAX) {
    throw invalidInput([{ field: 'Idempotency-Key', message: 'too long', constraint: { maxLength: KEY_LENGTH_MAX } }])
  }
  const expiredUpTo = new Date(lifetime.now().getTime() - lifetime.idempotencyKeyTtlMs)
  return { key, fingerprint: fingerprintOf({ operation, request }), expiredUpTo }
}

/**
 * The first answer given under this key, or undefined when the key is new. The same key with a
 * different request is the caller's mistake, never a silent replay of something else.
 */
export function replayOf<T>(stored: StoredCall | undefined, call: IdempotentCall): T | undefined {
  if (!stored) return undefined
  if (stored.fingerprint !== call.fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request')
  }
  return stored.response as T
}

function canonical(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
