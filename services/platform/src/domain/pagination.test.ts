import { ApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import { pageLimit } from './pagination.js'

describe('pagination', () => {
  it('defaults and bounds the limit', () => {
    expect(pageLimit(0)).toBe(20)
    expect(pageLimit(100)).toBe(100)
    expect(() => pageLimit(101)).toThrow(ApiError)
    expect(() => pageLimit(-1)).toThrow(ApiError)
  })
})
