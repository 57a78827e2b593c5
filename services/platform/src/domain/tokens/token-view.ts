import type { TokenRow } from '../../db/tokens.db.js'
import type { ApiToken } from '../types.js'

export const toApiToken = (row: TokenRow): ApiToken => ({
  id: row.id,
  platformId: row.platformId,
  environment: row.environment,
  name: row.name,
  permissions: row.permissions,
  clientId: row.clientId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})
