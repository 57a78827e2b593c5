import { ApiError } from '@pp/errors'
import { isId } from '@pp/ids'
import { findTokenForAuthentication, type TokenLookup } from '../../db/tokens.db.js'
import type { PlatformDeps } from '../deps.js'
import type { ApiToken } from '../types.js'
import { toApiToken } from './token-view.js'

/**
 * The live token these HTTP Basic credentials belong to. The username is the API token id
 * (`Token:<uuid>`, as the spec writes it) or the token's client id (as the reference names it).
 * The secret is always checked, against a dummy hash when the username is unknown, so the answer
 * time does not reveal which ids exist; a deleted token is reported as such only to a caller who
 * knows its secret.
 */
export async function authenticateCredentials(deps: PlatformDeps, username: string, clientSecret: string): Promise<ApiToken> {
  const row = username === '' ? null : await findTokenForAuthentication(deps.db, lookupOf(username))
  if (!row) {
    await deps.secrets.verifyAgainstDummy(clientSecret)
    throw new ApiError('UNAUTHORIZED', 'Unknown API token')
  }
  if (!(await deps.secrets.verify(clientSecret, row.secretHash))) {
    throw new ApiError('UNAUTHORIZED', 'Invalid client secret')
  }
  if (row.deletedAt) throw new ApiError('UNAUTHORIZED', 'API token deleted')
  return toApiToken(row)
}

// Client ids are 32 hex digits, so they never look like a token id.
const lookupOf = (username: string): TokenLookup => (isId('Token', username) ? { id: username } : { clientId: username })
