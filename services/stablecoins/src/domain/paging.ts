import { decodeCursor, encodeCursor, type KeysetPosition } from '@pp/db'
import { invalidInput } from '@pp/errors'
import type { Page } from './types.js'

const PAGE_LIMIT_DEFAULT = 20
const PAGE_LIMIT_MAX = 100

export interface PageRequest {
  /** 0 means the default. */
  limit: number
  cursor?: string
}

/** Reads one more row than the page holds, to tell whether another page follows. */
export async function pageOf<R extends KeysetPosition, V>(
  request: PageRequest,
  read: (after: KeysetPosition | undefined, take: number) => Promise<{ rows: R[]; totalCount: number }>,
  view: (row: R) => V,
): Promise<Page<V>> {
  const limit = pageLimit(request.limit)
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor)
  const { rows, totalCount } = await read(after, limit + 1)
  const page = rows.slice(0, limit)
  const hasMore = rows.length > limit
  const last = page.at(-1)
  return { data: page.map(view), hasMore, ...(hasMore && last ? { nextCursor: encodeCursor(last) } : {}), totalCount }
}

function pageLimit(requested: number): number {
  if (requested === 0) return PAGE_LIMIT_DEFAULT
  if (Number.isInteger(requested) && requested >= 1 && requested <= PAGE_LIMIT_MAX) return requested
  throw invalidInput([{ field: 'limit', message: `must be between 1 and ${PAGE_LIMIT_MAX}` }])
}

/** An optional enumerated filter: absent, or one of `values`. */
export function enumFilter<T extends string>(value: string | undefined, values: readonly T[], field: string): T | undefined {
  if (value === undefined) return undefined
  if ((values as readonly string[]).includes(value)) return value as T
  throw invalidInput([{ field, message: `must be one of ${values.join(', ')}`, constraint: { enum: [...values] } }])
}
