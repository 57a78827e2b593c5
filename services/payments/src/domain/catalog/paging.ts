import { invalidInput } from '@pp/errors'
import { pageLimit, type Page } from '@pp/paging'

export interface PageRequest {
  /** 1 to 100; 0 means the default (@pp/paging pageLimit). */
  limit: number
  cursor?: string
  order: 'asc' | 'desc'
}

const encode = (key: string): string => Buffer.from(JSON.stringify({ after: key })).toString('base64url')

function decode(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown }
    if (typeof parsed.after === 'string') return parsed.after
  } catch {
    // not JSON: reported below like any other cursor this service did not issue
  }
  throw invalidInput([{ field: 'cursor', message: 'not a cursor returned by a previous page' }])
}

/**
 * One page of a directory ordered by a unique key. The cursor names the last key shown, never
 * an offset, so a directory that grows between pages neither repeats nor skips an entry.
 */
export function pageByKey<T>(items: readonly T[], keyOf: (item: T) => string, request: PageRequest): Page<T> {
  const limit = pageLimit(request.limit)
  const direction = request.order === 'asc' ? 1 : -1
  const sorted = [...items].sort((a, b) => direction * keyOf(a).localeCompare(keyOf(b), 'en'))
  const after = request.cursor === undefined ? undefined : decode(request.cursor)
  const rest = after === undefined ? sorted : sorted.filter((item) => direction * keyOf(item).localeCompare(after, 'en') > 0)
  const data = rest.slice(0, limit)
  const hasMore = rest.length > limit
  return { data, hasMore, nextCursor: hasMore ? encode(keyOf(data.at(-1)!)) : undefined, totalCount: items.length }
}
