import { ApiError, invalidInput } from '@pp/errors'
import type { Db } from '../db/client.js'
import { findIdempotentCall } from '../db/idempotency.db.js'
import { fingerprintOf } from './fingerprint.js'
import type { Tenant } from './types.js'

const KEY_LENGTH_MAX = 255

export interface IdempotentCall {
  key: string
  fingerprint: string
}

/** The key and the fingerprint of what was asked, so a reuse with another request is caught. */
export function idempotentCall(key: string, operation: string, request: unknown): IdempotentCall {
  if (key.length > KEY_LENGTH_MAX) {
    throw invalidInput([{ field: 'Idempotency-Key', message: 'too long', constraint: { maxLength: KEY_LENGTH_MAX } }])
  }
  return { key, fingerprint: fingerprintOf({ operation, request }) }
}

/**
 * The first answer given under this key, or undefined when the key is new. The same key with a
 * different request is the caller's mistake, never a silent replay of something else.
 */
export async function findReplay<T>(db: Db, tenant: Tenant, call: IdempotentCall): Promise<T | undefined> {
  const stored = await findIdempotentCall(db, tenant, call.key)
  if (!stored) return undefined
  if (stored.fingerprint !== call.fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request')
  }
  return stored.response as T
}
