import { ApiError } from '@pp/errors'
import { isId } from '@pp/ids'
import { findTokenForAuthentication, type TokenLookup } from '../../db/tokens.db.js'
import type { PlatformDeps } from '../deps.js'
import type { ApiToken } from '../types.js'
import { toApiToken } from './token-view.js'
import type { TokenRow } from './types.js'

/**
 * The live token these HTTP Basic credentials belong to. The username is the API token id
 * (`Token:<uuid>`, as the spec writes it) or the token's client id (as the reference names it).
 *
 * An unknown username is refused without running scrypt: the reason already tells an unknown
 * token from a wrong secret, so a dummy verification would hide nothing and only hand anyone
 * ~100 ms of CPU per request. A known token's secret, unless it is the one last proven right, is
 * checked within that token's verification budget; beyond it the answer is RATE_LIMITED, again
 * without scrypt. A deleted token is reported as such only to a caller who knows its secret.
 */
export async function authenticateCredentials(deps: PlatformDeps, username: string, clientSecret: string): Promise<ApiToken> {
  const row = username === '' ? null : await findTokenForAuthentication(deps.db, lookupOf(username))
  if (!row) throw new ApiError('UNAUTHORIZED', 'Unknown API token')
  if (!deps.provenSecrets.isProven(row, clientSecret)) {
    if (!(await verifyWithinBudget(deps, row, clientSecret))) throw new ApiError('UNAUTHORIZED', 'Invalid client secret')
    deps.provenSecrets.remember(row, clientSecret)
  }
  if (row.deletedAt) throw new ApiError('UNAUTHORIZED', 'API token deleted')
  return toApiToken(row)
}

async function verifyWithinBudget(deps: PlatformDeps, row: TokenRow, clientSecret: string): Promise<boolean> {
  const finish = deps.verifications.tryStart(row.id)
  if (finish === undefined) throw new ApiError('RATE_LIMITED', 'Too many credential checks for this API token; retry shortly')
  try {
    return await deps.secrets.verify(clientSecret, row.secretHash)
  } finally {
    finish()
  }
}

// Client ids are 32 hex digits, so they never look like a token id.
const lookupOf = (username: string): TokenLookup => (isId('Token', username) ? { id: username } : { clientId: username })
