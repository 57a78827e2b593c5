import { invalidInput } from '@pp/errors'
import type { PagePosition } from '../../db/internal-accounts.db.js'

/** An opaque cursor: base64url of the last listed account's sort key, never an offset. */
export const encodeCursor = ({ createdAt, id }: PagePosition): string =>
  Buffer.from(JSON.stringify({ createdAt: createdAt.toISOString(), id })).toString('base64url')

export function decodeCursor(cursor: string): PagePosition {
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
