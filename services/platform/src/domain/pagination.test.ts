import { ApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, pageLimit } from './pagination.js'

describe('pagination', () => {
  it('round-trips a cursor', () => {
    const key = { createdAt: new Date('2025-10-13T10:00:00.123Z'), id: 'Token:x' }
    expect(decodeCursor(encodeCursor(key))).toEqual(key)
  })

  it('refuses a cursor it did not make', () => {
    for (const bad of ['nope', Buffer.from('[1,2]').toString('base64url'), Buffer.from('["x","y"]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(ApiError)
    }
  })

  it('defaults and bounds the limit', () => {
    expect(pageLimit(0)).toBe(20)
    expect(pageLimit(100)).toBe(100)
    expect(() => pageLimit(101)).toThrow(ApiError)
    expect(() => pageLimit(-1)).toThrow(ApiError)
  })
})
