import { decodeCursor, encodeCursor, pageLimit } from '@pp/paging'
import { listPlatformsAfter } from '../../db/platforms.db.js'
import type { PlatformDeps } from '../deps.js'
import type { PlatformSummary } from './platform-summary.js'

export interface PlatformPage {
  data: PlatformSummary[]
  hasMore: boolean
  nextCursor?: string
}

/** Every platform, oldest first, with a keyset cursor (the operator's listing; no tenant). */
export async function listPlatforms(deps: PlatformDeps, query: { limit: number; cursor?: string }): Promise<PlatformPage> {
  const limit = pageLimit(query.limit)
  const rows = await listPlatformsAfter(deps.db, query.cursor ? decodeCursor(query.cursor) : undefined, limit + 1)
  const hasMore = rows.length > limit
  const data = rows.slice(0, limit).map(({ id, name, isRegulatedFinancialInstitution, createdAt }) => ({ id, name, isRegulatedFinancialInstitution, createdAt }))
  const last = data.at(-1)
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : undefined }
}
