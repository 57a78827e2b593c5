import { invalidInput } from '@pp/errors'
import { decodeCursor, keysetPage, pageLimit, type KeysetPosition, type Page } from '@pp/paging'

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
  return keysetPage(rows, limit, totalCount, view)
}

/** An optional enumerated filter: absent, or one of `values`. */
export function enumFilter<T extends string>(value: string | undefined, values: readonly T[], field: string): T | undefined {
  if (value === undefined) return undefined
  if ((values as readonly string[]).includes(value)) return value as T
  throw invalidInput([{ field, message: `must be one of ${values.join(', ')}`, constraint: { enum: [...values] } }])
}
