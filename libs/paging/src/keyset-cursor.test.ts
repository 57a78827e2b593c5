import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './keyset-cursor.js'

describe('list cursor', () => {
  it('round-trips the sort key', () => {
    const position = { createdAt: new Date('2025-10-13T12:00:00.123Z'), id: 'Customer:0199' }
    expect(decodeCursor(encodeCursor(position))).toEqual(position)
  })

  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  it.each([
    'not-base64!',
    cursorOf({ id: 1 }),
    cursorOf([]),
    cursorOf({ createdAt: '2025-10-13T12:00:00.000Z', id: 'Customer:\u0000' }),
    cursorOf({ createdAt: '-271821-04-20T00:00:00.000Z', id: 'Customer:0199' }),
    cursorOf({ createdAt: '0000-01-01T00:00:00.000Z', id: 'Customer:0199' }),
    cursorOf({ createdAt: 'yesterday', id: 'Customer:0199' }),
  ])(
    'rejects %s as INVALID_INPUT on the cursor field',
    (cursor) => {
      const cursorError = { code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'cursor' })] } }
      expect(() => decodeCursor(cursor)).toThrowError(expect.objectContaining(cursorError))
    },
  )
})
