import { invalidInput } from '@pp/errors'

export const LIMIT_DEFAULT = 20
export const LIMIT_MAX = 100

export interface Page<T> {
  data: T[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

/** The page size: 0 (proto's "not sent") means the default; anything outside 1–100 is refused. */
export function pageLimit(limit: number): number {
  if (limit === 0) return LIMIT_DEFAULT
  if (Number.isInteger(limit) && limit >= 1 && limit <= LIMIT_MAX) return limit
  throw invalidInput([{ field: 'limit', message: `must be between 1 and ${LIMIT_MAX}` }])
}
