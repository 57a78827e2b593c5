import type { Page } from '@pp/paging'
import type { ApiToken, ApiTokenView, IssuedToken } from '../types.js'
import type { TokenRow } from './types.js'

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

/** The ApiToken as the API shows it; only the answer that created it holds the secret. */
export const tokenView = (token: ApiToken | IssuedToken): ApiTokenView => ({
  id: token.id,
  name: token.name,
  permissions: token.permissions,
  clientId: token.clientId,
  clientSecret: 'clientSecret' in token ? token.clientSecret : undefined,
  createdAt: token.createdAt.toISOString(),
  updatedAt: token.updatedAt.toISOString(),
})

export const tokenPageView = (page: Page<ApiToken>): Page<ApiTokenView> => ({ ...page, data: page.data.map(tokenView) })
