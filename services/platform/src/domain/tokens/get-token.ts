import { ApiError } from '@pp/errors'
import { isId } from '@pp/ids'
import { findActiveToken } from '../../db/tokens.db.js'
import type { PlatformDeps } from '../deps.js'
import type { ApiToken, Tenant } from '../types.js'
import { toApiToken } from './token-view.js'

/** Another tenant's token, a deleted one and a malformed id all answer TOKEN_NOT_FOUND. */
export async function getToken(deps: PlatformDeps, tenant: Tenant, tokenId: string): Promise<ApiToken> {
  const row = isId('Token', tokenId) ? await findActiveToken(deps.db, tenant, tokenId) : null
  if (!row) throw new ApiError('TOKEN_NOT_FOUND', `Token ${tokenId} not found`)
  return toApiToken(row)
}
