import { describe, expect, it } from 'vitest'
import { assertWithinSizeLimit, parseSizeLimits, sizeLimitOf } from './size-limits.js'

describe('transaction size limits', () => {
  const limits = parseSizeLimits('USD:EUR=500000, USD=900000')

  it('a corridor entry wins over the sending currency entry, which wins over the default', () => {
    expect(sizeLimitOf(limits, 'USD', 'EUR')).toBe(500_000n)
    expect(sizeLimitOf(limits, 'USD', 'MXN')).toBe(900_000n)
    expect(sizeLimitOf(limits, 'EUR', 'USD')).toBe(100_000_000n)
    expect(sizeLimitOf(limits, 'BTC', 'USD')).toBe(1_000_000_000n)
  })

  it('refuses an amount above the maximum with TRANSACTION_SIZE_LIMIT_EXCEEDED', () => {
    expect(() => assertWithinSizeLimit(limits, 'USD', 'EUR', 500_000n)).not.toThrow()
    expect(() => assertWithinSizeLimit(limits, 'USD', 'EUR', 500_001n)).toThrow(expect.objectContaining({ code: 'TRANSACTION_SIZE_LIMIT_EXCEEDED' }))
  })

  it('stops start-up on a malformed entry', () => {
    expect(() => parseSizeLimits('USD=lots')).toThrow(/malformed entry/)
  })
})
