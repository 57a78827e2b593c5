import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { listPlatformsAfter } from '../../db/platforms.db.js'
import type { PlatformDeps } from '../deps.js'
import type { PlatformSummary } from './platform-summary.js'

/** Every platform, oldest first, with a keyset cursor (the operator's listing; no tenant). */
export async function listPlatforms(deps: PlatformDeps, query: { limit: number; cursor?: string }): Promise<Page<PlatformSummary>> {
  const limit = pageLimit(query.limit)
  const { rows, totalCount } = await listPlatformsAfter(deps.db, query.cursor ? decodeCursor(query.cursor) : undefined, limit + 1)
  return keysetPage(rows, limit, totalCount, (platform) => platform)
}
