import { ApiError } from '@pp/errors'
import { findTokenByClientId } from '../../db/tokens.db.js'
import type { PlatformDeps } from '../deps.js'
import type { ApiToken } from '../types.js'
import { toApiToken } from './token-view.js'

/**
 * The live token these HTTP Basic credentials belong to. The secret is always checked, against a
 * dummy hash when the client id is unknown, so the answer time does not reveal which ids exist;
 * a deleted token is reported as such only to a caller who knows its secret.
 */
export async function authenticateCredentials(deps: PlatformDeps, clientId: string, clientSecret: string): Promise<ApiToken> {
  const row = clientId === '' ? null : await findTokenByClientId(deps.db, clientId)
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
