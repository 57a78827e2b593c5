import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './keyset-cursor.js'

describe('list cursor', () => {
  it('round-trips the sort key', () => {
    const position = { createdAt: new Date('2025-10-13T12:00:00.123Z'), id: 'Customer:0199' }
    expect(decodeCursor(encodeCursor(position))).toEqual(position)
  })

  it.each(['not-base64!', Buffer.from('{"id":1}').toString('base64url'), Buffer.from('[]').toString('base64url')])(
    'rejects %s as INVALID_INPUT on the cursor field',
    (cursor) => {
      const cursorError = { code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'cursor' })] } }
      expect(() => decodeCursor(cursor)).toThrowError(expect.objectContaining(cursorError))
    },
  )
})
