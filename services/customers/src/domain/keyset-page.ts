import type { PagePosition } from '../db/customers.db.js'
import { encodeCursor } from '@pp/db'

/** The list envelope of the API. */
export interface Page<V> {
  data: V[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

/** One page from `limit + 1` rows read past the cursor: the extra row only tells that more follow. */
export function toPage<R extends PagePosition, V>(records: R[], limit: number, totalCount: number, toView: (record: R) => V): Page<V> {
  const page = records.slice(0, limit)
  const hasMore = records.length > limit
  const last = page.at(-1)
  return { data: page.map(toView), hasMore, nextCursor: hasMore && last ? encodeCursor(last) : undefined, totalCount }
}
