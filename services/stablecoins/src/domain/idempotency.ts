import { answerOnce, idempotentCall, sqlOf, type IdempotentCall } from '@pp/db'
import type { StablecoinsDeps } from './deps.js'
import { tenantOf, type Caller } from './types.js'

/**
 * Runs a create once per Idempotency-Key: a retry with the same request gets the first answer, a
 * concurrent twin that loses the race on the key reads it too. `create` stores its answer under
 * the key in the transaction of its effect.
 */
export async function createOnce<T>(
  deps: StablecoinsDeps, caller: Caller, operation: string, input: unknown, create: (call: IdempotentCall | undefined) => Promise<T>,
): Promise<T> {
  const call = caller.idempotencyKey === undefined ? undefined : idempotentCall(caller.idempotencyKey, operation, input, deps)
  return answerOnce(sqlOf(deps.db), tenantOf(caller), call, () => create(call))
}
