import { describe, expect, it } from 'vitest'
import { addMoney, amountToJson, convertAmount, parseAmount } from './amount.js'

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

  it('emits only safe JSON integers', () => {
    expect(amountToJson(42n)).toBe(42)
    expect(() => amountToJson(2n ** 60n)).toThrow()
  })
})
