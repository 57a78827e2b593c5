import { findReplay, idempotentCall, prismaRunner, violatedUniqueIndex, type IdempotentCall } from '@pp/db'
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
  const tenant = tenantOf(caller)
  const call = caller.idempotencyKey === undefined ? undefined : idempotentCall(caller.idempotencyKey, operation, input, deps)
  const runner = prismaRunner(deps.db)
  const replay = call && (await findReplay<T>(runner, tenant, call))
  if (replay) return replay
  try {
    return await create(call)
  } catch (err) {
    const racedReplay = violatedUniqueIndex(err) !== undefined && call && (await findReplay<T>(runner, tenant, call))
    if (racedReplay) return racedReplay
    throw err
  }
}
