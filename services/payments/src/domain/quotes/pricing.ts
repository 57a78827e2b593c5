import { ApiError } from '@pp/errors'
import { convertAmountDown, formatDecimal, sourceAmountFor } from '@pp/money'

export type LockedSide = 'SENDING' | 'RECEIVING'

/** Fees of one quote, all in the sending currency's smallest unit (variable parts in basis points). */
export interface FeeSchedule {
  serviceFixedFee: bigint
  serviceVariableFeeBps: number
  platformFixedFee: bigint
  platformVariableFeeBps: number
}

export interface PriceInput {
  lockedSide: LockedSide
  lockedAmount: bigint
  sendingDecimals: number
  receivingDecimals: number
  /** Units of the receiving currency per unit of the sending currency (major units). */
  rate: string
  fees: FeeSchedule
}

export interface Price {
  totalSendingAmount: bigint
  totalReceivingAmount: bigint
  /** The part of the sending amount that is converted and delivered. */
  principal: bigint
  /** Every fee, platform fees included. */
  fees: bigint
  platformFees: bigint
  serviceVariableFee: bigint
}

const BPS = 10_000n

/**
 * Prices a quote in integers only. Rounding never favours the payer over what was quoted:
 * - SENDING locked: the fixed fees come off the top, the rest splits into principal and variable
 *   fee with the principal rounded down (the variable fee absorbs the remainder, so it is never
 *   below `principal × bps`); the receiving amount is the converted principal rounded down.
 * - RECEIVING locked: the principal is the smallest amount whose conversion, rounded down, reaches
 *   the locked receiving amount; the variable fee is `principal × bps` rounded up.
 * Fees are in the sending currency; the platform's share is its proportion of the variable fee,
 * rounded down, plus its fixed fee.
 */
export function priceQuote(input: PriceInput): Price {
  const { fees } = input
  const fixed = fees.serviceFixedFee + fees.platformFixedFee
  const bps = BigInt(fees.serviceVariableFeeBps + fees.platformVariableFeeBps)
  let principal: bigint
  let variable: bigint
  let totalSendingAmount: bigint
  let totalReceivingAmount: bigint
  if (input.lockedSide === 'SENDING') {
    const afterFixed = input.lockedAmount - fixed
    if (afterFixed <= 0n) throw amountTooSmall('lockedCurrencyAmount does not cover the fees')
    principal = (afterFixed * BPS) / (BPS + bps)
    variable = afterFixed - principal
    totalSendingAmount = input.lockedAmount
    totalReceivingAmount = convertAmountDown(principal, input.rate, input.sendingDecimals, input.receivingDecimals)
  } else {
    principal = sourceAmountFor(input.lockedAmount, input.rate, input.sendingDecimals, input.receivingDecimals)
    variable = ceilDiv(principal * bps, BPS)
    totalSendingAmount = principal + fixed + variable
    totalReceivingAmount = input.lockedAmount
  }
  if (totalReceivingAmount <= 0n || principal <= 0n) throw amountTooSmall('the amount converts to nothing in the receiving currency')
  const platformVariable = bps === 0n ? 0n : (variable * BigInt(fees.platformVariableFeeBps)) / bps
  return {
    totalSendingAmount,
    totalReceivingAmount,
    principal,
    fees: fixed + variable,
    platformFees: fees.platformFixedFee + platformVariable,
    serviceVariableFee: variable - platformVariable,
  }
}

/** Basis points as the decimal fraction the API's rate details show: 25 → "0.0025". */
export const bpsAsRate = (bps: number): string => formatDecimal(BigInt(bps), 4)

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b

const amountTooSmall = (reason: string): ApiError =>
  new ApiError('INVALID_AMOUNT', `The amount is too small: ${reason}`, { field: 'lockedCurrencyAmount' })
