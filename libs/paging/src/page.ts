import { invalidInput } from '@pp/errors'
import { encodeCursor, type KeysetPosition } from './keyset-cursor.js'

/** The API's list envelope: a page of `data`, whether more follow and the cursor to them, and how many match in all. */
export interface Page<T> {
  data: T[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

export const PAGE_LIMIT_DEFAULT = 20
export const PAGE_LIMIT_MAX = 100

/** The page size asked for: 0 (proto's "not sent") is the default; anything outside 1 to 100 is refused. */
export function pageLimit(requested: number): number {
  if (requested === 0) return PAGE_LIMIT_DEFAULT
  if (Number.isInteger(requested) && requested >= 1 && requested <= PAGE_LIMIT_MAX) return requested
  throw invalidInput([{ field: 'limit', message: `must be between 1 and ${PAGE_LIMIT_MAX}` }])
}

/**
 * One keyset page from the `limit + 1` rows read past the cursor, newest first by (createdAt, id):
 * the extra row only tells that more follow, and the cursor names the last row shown (the row
 * itself, or `positionOf` it when its sort key sits inside it).
 */
export function keysetPage<R extends KeysetPosition, V>(rows: readonly R[], limit: number, totalCount: number, view: (row: R) => V): Page<V>
export function keysetPage<R, V>(rows: readonly R[], limit: number, totalCount: number, view: (row: R) => V, positionOf: (row: R) => KeysetPosition): Page<V>
export function keysetPage<R, V>(
  rows: readonly R[],
  limit: number,
  totalCount: number,
  view: (row: R) => V,
  positionOf = (row: R): KeysetPosition => row as KeysetPosition,
): Page<V> {
  const shown = rows.slice(0, limit)
  const hasMore = rows.length > limit
  const last = shown.at(-1)
  return { data: shown.map(view), hasMore, ...(hasMore && last !== undefined && { nextCursor: encodeCursor(positionOf(last)) }), totalCount }
}
