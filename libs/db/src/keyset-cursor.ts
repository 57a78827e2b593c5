import { invalidInput } from '@pp/errors'

/** Where a keyset page ends: the last row's sort key, newest first by (createdAt, id). */
export interface KeysetPosition {
  createdAt: Date
  id: string
}

/** An opaque cursor: base64url of the last listed row's sort key, never an offset. */
export const encodeCursor = ({ createdAt, id }: KeysetPosition): string =>
  Buffer.from(JSON.stringify({ createdAt: createdAt.toISOString(), id })).toString('base64url')

export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { createdAt?: unknown; id?: unknown }
    const createdAt = new Date(String(parsed.createdAt))
    if (typeof parsed.id === 'string' && typeof parsed.createdAt === 'string' && !Number.isNaN(createdAt.getTime())) {
      return { createdAt, id: parsed.id }
    }
  } catch {
    // not JSON: reported below like any other cursor this service did not issue
  }
  throw invalidInput([{ field: 'cursor', message: 'not a cursor returned by a previous page' }])
}
