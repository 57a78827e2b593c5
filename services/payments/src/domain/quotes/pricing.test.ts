import { describe, expect, it } from 'vitest'
import { convertAmountDown as convertDown, divideDecimals, sourceAmountFor as principalFor } from '@pp/money'
import { priceQuote, type FeeSchedule } from './pricing.js'

const NO_FEES: FeeSchedule = { serviceFixedFee: 0n, serviceVariableFeeBps: 0, platformFixedFee: 0n, platformVariableFeeBps: 0 }

describe('priceQuote', () => {
  it('same currency without fees moves the locked amount unchanged', () => {
    const price = priceQuote({ lockedSide: 'SENDING', lockedAmount: 12_550n, sendingDecimals: 2, receivingDecimals: 2, rate: '1', fees: NO_FEES })
    expect(price).toEqual({ totalSendingAmount: 12_550n, totalReceivingAmount: 12_550n, principal: 12_550n, fees: 0n, platformFees: 0n, serviceVariableFee: 0n })
  })

  it('SENDING lock: fixed fees off the top, variable fee absorbs the rounding, receiving rounds down', () => {
    const fees: FeeSchedule = { serviceFixedFee: 10n, serviceVariableFeeBps: 30, platformFixedFee: 5n, platformVariableFeeBps: 20 }
    const price = priceQuote({ lockedSide: 'SENDING', lockedAmount: 10_000n, sendingDecimals: 2, receivingDecimals: 2, rate: '0.925925925926', fees })
    // 9985 after fixed fees; principal = floor(9985 * 10000 / 10050) = 9935; variable = 50
    expect(price.principal).toBe(9_935n)
    expect(price.fees).toBe(15n + 50n)
    expect(price.principal + price.fees).toBe(price.totalSendingAmount)
    // platform: 5 fixed + floor(50 * 20 / 50) = 25
    expect(price.platformFees).toBe(25n)
    expect(price.serviceVariableFee).toBe(30n)
    // 9935 * 0.925925925926 = 9199.07... → 9199
    expect(price.totalReceivingAmount).toBe(9_199n)
  })

  it('RECEIVING lock: the smallest principal that delivers the locked amount, fee rounded up', () => {
    const fees: FeeSchedule = { ...NO_FEES, serviceVariableFeeBps: 25 }
    const rate = '0.925925925926'
    const price = priceQuote({ lockedSide: 'RECEIVING', lockedAmount: 9_200n, sendingDecimals: 2, receivingDecimals: 2, rate, fees })
    expect(price.totalReceivingAmount).toBe(9_200n)
    expect(convertDown(price.principal, rate, 2, 2)).toBeGreaterThanOrEqual(9_200n)
    expect(convertDown(price.principal - 1n, rate, 2, 2)).toBeLessThan(9_200n)
    expect(price.fees).toBe((price.principal * 25n + 9_999n) / 10_000n)
    expect(price.totalSendingAmount).toBe(price.principal + price.fees)
  })

  it('converts across decimals: USD cents to satoshis and back', () => {
    const usdToBtc = divideDecimals('1', '65000', 18)
    expect(convertDown(6_500_000n, usdToBtc, 2, 8)).toBe(99_999_999n) // the rounded rate is a hair short of 1 BTC, rounded down
    expect(principalFor(100_000_000n, usdToBtc, 2, 8)).toBe(6_500_001n)
  })

  it('refuses an amount that does not cover the fees', () => {
    const fees: FeeSchedule = { ...NO_FEES, serviceFixedFee: 100n }
    expect(() => priceQuote({ lockedSide: 'SENDING', lockedAmount: 100n, sendingDecimals: 2, receivingDecimals: 2, rate: '1', fees })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    )
  })
})

describe('divideDecimals', () => {
  it('rounds half up at the scale', () => {
    expect(divideDecimals('1', '3', 4)).toBe('0.3333')
    expect(divideDecimals('2', '3', 4)).toBe('0.6667')
    expect(divideDecimals('1.08', '1', 12)).toBe('1.08')
  })
})
