import { listActiveTokens, type TokenFilter } from '../../db/tokens.db.js'
import type { PlatformDeps } from '../deps.js'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import type { ApiToken, Tenant } from '../types.js'
import { toApiToken } from './token-view.js'

export interface ListTokensQuery extends TokenFilter {
  /** 0 means the default page size. */
  limit: number
  cursor?: string
}

/** Live tokens of the tenant, newest first, with a keyset cursor. */
export async function listTokens(deps: PlatformDeps, tenant: Tenant, query: ListTokensQuery): Promise<Page<ApiToken>> {
  const limit = pageLimit(query.limit)
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const filter: TokenFilter = {
    name: query.name,
    createdAfter: query.createdAfter,
    createdBefore: query.createdBefore,
    updatedAfter: query.updatedAfter,
    updatedBefore: query.updatedBefore,
  }
  const { rows, totalCount } = await listActiveTokens(deps.db, tenant, filter, after, limit + 1)
  return keysetPage(rows, limit, totalCount, toApiToken)
}
