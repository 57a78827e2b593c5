import { describe, expect, it } from 'vitest'
import { addMoney, amountToJson, convertAmount, convertAmountDown, parseAmount, sourceAmountFor } from './amount.js'

describe('money', () => {
  it('accepts safe integers and refuses floats and unsafe numbers', () => {
    expect(parseAmount(1050, 'amount')).toBe(1050n)
    expect(() => parseAmount(10.5, 'amount')).toThrow(/smallest unit/)
    expect(() => parseAmount(2 ** 53, 'amount')).toThrow()
    expect(() => parseAmount('100', 'amount')).toThrow()
  })

  it('adds within one currency only', () => {
    expect(addMoney({ amount: 1n, currency: 'USD' }, { amount: 2n, currency: 'USD' }).amount).toBe(3n)
    expect(() => addMoney({ amount: 1n, currency: 'USD' }, { amount: 2n, currency: 'EUR' })).toThrow()
  })

  it('converts with a decimal rate, rounding half up once', () => {
    expect(convertAmount(10000n, '0.92', 2, 2)).toBe(9200n)
    expect(convertAmount(1n, '0.5', 2, 2)).toBe(1n)
    expect(convertAmount(100n, '17.2345', 2, 2)).toBe(1723n)
    expect(convertAmount(100n, '1', 2, 6)).toBe(1000000n)
  })

  it('converts rounding down, where the half-up conversion would round up', () => {
    expect(convertAmountDown(10000n, '0.92', 2, 2)).toBe(9200n)
    expect(convertAmountDown(1n, '0.5', 2, 2)).toBe(0n)
    expect(convertAmount(1n, '0.5', 2, 2)).toBe(1n)
    expect(convertAmountDown(100n, '17.2345', 2, 2)).toBe(1723n)
    expect(convertAmountDown(199n, '0.005', 2, 2)).toBe(0n)
    expect(convertAmountDown(1n, '1', 8, 2)).toBe(0n) // a satoshi is less than a cent
    expect(convertAmountDown(100n, '1', 2, 8)).toBe(100_000_000n)
  })

  it('finds the smallest source amount whose conversion, rounded down, reaches the target', () => {
    for (const [target, rate, from, to] of [[9_200n, '0.925925925926', 2, 2], [1n, '0.005', 2, 2], [100_000_000n, '0.0000153846', 2, 8], [7n, '3', 0, 0]] as const) {
      const source = sourceAmountFor(target, rate, from, to)
      expect(convertAmountDown(source, rate, from, to)).toBeGreaterThanOrEqual(target)
      expect(convertAmountDown(source - 1n, rate, from, to)).toBeLessThan(target)
    }
    expect(sourceAmountFor(6n, '3', 0, 0)).toBe(2n)
    expect(sourceAmountFor(7n, '3', 0, 0)).toBe(3n)
    expect(() => sourceAmountFor(1n, '0.000', 2, 2)).toThrow(expect.objectContaining({ code: 'QUOTE_RATE_UNAVAILABLE' }))
  })

  it('emits only safe JSON integers', () => {
    expect(amountToJson(42n)).toBe(42)
    expect(() => amountToJson(2n ** 60n)).toThrow()
  })
})
