import { describe, expect, it } from 'vitest'
import { applySpread, inverseRate, isPositiveDecimal } from './spread.js'

describe('spread', () => {
  it('takes the spread off what the customer receives, exactly', () => {
    expect(applySpread('0.92', 50)).toBe('0.9154')
    expect(applySpread('1.08', 0)).toBe('1.08')
    expect(applySpread('65000', 25)).toBe('64837.5')
  })

  it('rounds down beyond 18 fraction digits', () => {
    expect(applySpread('0.123456789012345678', 1)).toBe('0.123444443333444443')
    expect(applySpread('0.925925925925925926', 10)).toBe('0.925')
  })

  it('inverts a mid rate half-up to 18 digits', () => {
    expect(inverseRate('1.08')).toBe('0.925925925925925926')
    expect(inverseRate('0.5')).toBe('2')
  })

  it('accepts positive decimals only', () => {
    expect(['1', '0.0001', '17.25'].every(isPositiveDecimal)).toBe(true)
    expect(['0', '0.000', '-1', '1e3', '1.', '.5', ''].some(isPositiveDecimal)).toBe(false)
  })
})
