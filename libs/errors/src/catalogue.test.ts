import { describe, expect, it } from 'vitest'
import { allErrorCodes, httpStatusOf, isErrorCode } from './catalogue.js'

describe('error catalogue', () => {
  it('gives every spec code its status', () => {
    expect(httpStatusOf('INVALID_INPUT')).toBe(400)
    expect(httpStatusOf('INSUFFICIENT_FUNDS')).toBe(400)
    expect(httpStatusOf('UNAUTHORIZED')).toBe(401)
    expect(httpStatusOf('END_USER_TERMS_NOT_ACCEPTED')).toBe(403)
    expect(httpStatusOf('CUSTOMER_NOT_FOUND')).toBe(404)
    expect(httpStatusOf('CONFLICT')).toBe(409)
    expect(httpStatusOf('WALLET_NOT_PROVISIONED')).toBe(409)
    expect(httpStatusOf('SERVICE_SWITCH_ERROR')).toBe(500)
  })

  it('lists each code once', () => {
    const codes = allErrorCodes()
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('uses the neutral word for brand-bearing codes', () => {
    expect(isErrorCode('STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED')).toBe(true)
    expect(isErrorCode('STABLECOIN_GRID_OPERATIONS_NOT_ENABLED')).toBe(false)
    expect(isErrorCode('GRID_SWITCH_ERROR')).toBe(false)
  })
})
