import { ApiError } from '@pp/errors'
import { isId } from '@pp/ids'

/** The cursor is the last delivery id of a page, opaque to the caller. */
export const encodeCursor = (lastId: string): string => Buffer.from(lastId, 'utf8').toString('base64url')

/** Only a delivery id comes back out: any other text (NUL bytes included) is refused before a query sees it. */
export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  if (isId('Webhook', id)) return id
  throw new ApiError('INVALID_INPUT', 'cursor is not one this list returned', {
    errors: [{ field: 'cursor', message: 'pass back a nextCursor unchanged' }],
  })
}
