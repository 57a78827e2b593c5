import { replayOf, type IdempotentCall } from '@pp/db'
import type { Db } from '../db/client.js'
import { findIdempotentCall } from '../db/idempotency.db.js'
import type { Tenant } from './types.js'

export { idempotentCall, type IdempotentCall } from '@pp/db'

/** The first answer given under this key in this tenant, or undefined when the key is new. */
export async function findReplay<T>(db: Db, tenant: Tenant, call: IdempotentCall): Promise<T | undefined> {
  return replayOf<T>(await findIdempotentCall(db, tenant, call.key), call)
}
