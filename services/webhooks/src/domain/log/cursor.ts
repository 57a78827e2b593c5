import { ApiError } from '@pp/errors'

/** The cursor is the last delivery id of a page, opaque to the caller. */
export const encodeCursor = (lastId: string): string => Buffer.from(lastId, 'utf8').toString('base64url')

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8')
  if (id.startsWith('Webhook:')) return id
  throw new ApiError('INVALID_INPUT', 'cursor is not one this list returned', {
    errors: [{ field: 'cursor', message: 'pass back a nextCursor unchanged' }],
  })
}
