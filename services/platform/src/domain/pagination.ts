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

/** An opaque cursor: base64url of the last row's sort key. */
export const encodeCursor = (key: { createdAt: Date; id: string }): string =>
  Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString('base64url')

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]
    const date = new Date(String(createdAt))
    if (typeof id === 'string' && typeof createdAt === 'string' && !Number.isNaN(date.getTime())) {
      return { createdAt: date, id }
    }
  } catch {
    // falls through to the validation error below
  }
  throw invalidInput([{ field: 'cursor', message: 'is not a cursor this list returned' }])
}
