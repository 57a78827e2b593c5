import { replayOf, type IdempotentCall, type SqlRunner } from '@pp/db'
import { findIdempotentCall } from '../db/idempotency.db.js'
import type { Tenant } from './types.js'

export { idempotentCall, type IdempotentCall } from '@pp/db'

/** The first answer given under this key in this tenant, or undefined when the key is new. */
export async function findReplay<T>(sql: SqlRunner, tenant: Tenant, call: IdempotentCall): Promise<T | undefined> {
  return replayOf<T>(await findIdempotentCall(sql, tenant, call.key), call)
}
