import { invalidInput } from '@pp/errors'

/** Where a keyset page ends: the last row's sort key, newest first by (createdAt, id). */
export interface KeysetPosition {
  createdAt: Date
  id: string
}

/** An opaque cursor: base64url of the last listed row's sort key, never an offset. */
export const encodeCursor = ({ createdAt, id }: KeysetPosition): string =>
  Buffer.from(JSON.stringify({ createdAt: createdAt.toISOString(), id })).toString('base64url')

/** What `encodeCursor` writes: an id (plain text of an id's length) and a timestamp of a year from 1 to 9999. */
const ISSUED_ID = /^[\x21-\x7E]{1,255}$/
const ISSUED_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { createdAt?: unknown; id?: unknown }
    // anything else would reach the query as text or a time Postgres refuses (a NUL, year 0 or -271821)
    if (typeof parsed.id === 'string' && ISSUED_ID.test(parsed.id) && typeof parsed.createdAt === 'string' && ISSUED_TIME.test(parsed.createdAt)) {
      const createdAt = new Date(parsed.createdAt)
      if (!Number.isNaN(createdAt.getTime())) return { createdAt, id: parsed.id }
    }
  } catch {
    // not JSON: reported below like any other cursor this service did not issue
  }
  throw invalidInput([{ field: 'cursor', message: 'not a cursor returned by a previous page' }])
}
