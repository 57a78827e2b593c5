import { ApiError } from '@pp/errors'
import { isId } from '@pp/ids'
import { inTransaction } from '@pp/db'
import { softDeleteToken } from '../../db/tokens.db.js'
import { recordEvent } from '../../events/outbox.js'
import { PlatformEventType, type TokenEventData } from '../../events/types.js'
import type { PlatformDeps } from '../deps.js'
import type { Tenant } from '../types.js'

/**
 * Soft-deletes the token, so authentication can say "deleted" rather than "unknown", and records
 * TOKEN.DELETED in the same transaction: every gateway replica drops its cached authentication.
 */
export async function deleteToken(deps: PlatformDeps, tenant: Tenant, tokenId: string): Promise<void> {
  const notFound = new ApiError('TOKEN_NOT_FOUND', `Token ${tokenId} not found`)
  if (!isId('Token', tokenId)) throw notFound
  await inTransaction(deps.db, async (tx) => {
    const row = await softDeleteToken(tx, tenant, tokenId, deps.now())
    if (!row) throw notFound
    const data: TokenEventData = { tokenId: row.id, clientId: row.clientId }
    await recordEvent(tx, tenant, PlatformEventType.tokenDeleted, data)
  })
}
