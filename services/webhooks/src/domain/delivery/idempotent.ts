import { answerOnce, idempotentCall, inTransaction, sqlOf, storeAnswer } from '@pp/db'
import type { Tx } from '../../db/client.js'
import type { WebhooksDeps } from '../deps.js'
import type { Caller } from '../types.js'

// IDEMPOTENCY_KEY_TTL_MS's default, for settings made without the config (benches)
const DAY_MS = 24 * 3_600_000

/**
 * Runs `effect` in one transaction and, when the caller sent an Idempotency-Key, stores its answer
 * in that same transaction: a retry (even a racing one, which fails on the key) answers the first
 * answer instead of acting again.
 */
export async function idempotently<T>(
  deps: Pick<WebhooksDeps, 'db' | 'sql' | 'settings'>,
  caller: Caller,
  operation: string,
  request: unknown,
  effect: (tx: Tx) => Promise<T>,
): Promise<T> {
  const lifetime = { now: () => new Date(), idempotencyKeyTtlMs: deps.settings.idempotencyKeyTtlMs ?? DAY_MS }
  const call = caller.idempotencyKey === undefined ? undefined : idempotentCall(caller.idempotencyKey, operation, request, lifetime)
  return answerOnce(deps.sql, caller, call, () =>
    inTransaction(deps.db, async (tx) => {
      const answer = await effect(tx)
      if (call) await storeAnswer(sqlOf(tx), caller, call, answer, lifetime.now())
      return answer
    }),
  )
}
