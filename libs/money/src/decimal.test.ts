import { describe, expect, it } from 'vitest'
import { divideDecimals, formatDecimal, parseDecimal } from './decimal.js'

describe('decimal strings', () => {
  it('read as digits and scale, and refuse anything but a plain non-negative decimal', () => {
    expect(parseDecimal('1.08')).toEqual({ digits: 108n, scale: 2 })
    expect(parseDecimal('65000')).toEqual({ digits: 65000n, scale: 0 })
    expect(parseDecimal('0.000')).toEqual({ digits: 0n, scale: 3 })
    for (const malformed of ['-1', '1e3', '.5', '1.', '', ' 1']) expect(() => parseDecimal(malformed)).toThrow(/malformed/)
  })

  it('print without trailing zeros, padding the fraction', () => {
    expect(formatDecimal(108n, 2)).toBe('1.08')
    expect(formatDecimal(25n, 4)).toBe('0.0025')
    expect(formatDecimal(1000n, 3)).toBe('1')
    expect(formatDecimal(0n, 4)).toBe('0')
  })

  it('divide exactly, rounding half up at the scale', () => {
    expect(divideDecimals('1', '8', 2)).toBe('0.13')
    expect(divideDecimals('1', '65000', 18)).toBe('0.000015384615384615')
    expect(divideDecimals('17.2345', '0.5', 4)).toBe('34.469')
    expect(() => divideDecimals('1', '0.00', 4)).toThrow(/division by zero/)
  })
})
