import { ApiError } from '@pp/errors'
import { parseDecimal } from './decimal.js'

/** An amount in the currency's smallest unit. bigint in code; a JSON integer at the edge. */
export interface Money {
  amount: bigint
  currency: string
}

/**
 * An amount from JSON input. Only safe integers are accepted: a larger number has already lost
 * precision when JSON.parse read it, so taking it would move a different sum than was sent.
 */
export function parseAmount(value: unknown, field: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  throw new ApiError('INVALID_INPUT', `${field} must be an integer in the currency's smallest unit`, {
    errors: [{ field, message: 'expected a safe integer (smallest currency unit)' }],
  })
}

/** An amount for JSON output; refuses to emit a number JSON readers would round. */
export function amountToJson(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new Error(`amount ${amount} exceeds the safe JSON integer range`)
  }
  return Number(amount)
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`cannot add ${a.currency} to ${b.currency}`)
  return { amount: a.amount + b.amount, currency: a.currency }
}

/**
 * Converts with a decimal rate kept as a string, rounding half-up once at the end, all in
 * integers: `rate` is "units of target per unit of source" in major units.
 */
export function convertAmount(amount: bigint, rate: string, fromDecimals: number, toDecimals: number): bigint {
  const { digits, scale } = parseDecimal(rate)
  const numerator = amount * digits * 10n ** BigInt(toDecimals)
  const denominator = 10n ** BigInt(scale + fromDecimals)
  return (numerator * 2n + denominator) / (denominator * 2n)
}

/** `amount` (smallest unit of the source) converted at `rate` as `convertAmount` reads it, rounded down. */
export function convertAmountDown(amount: bigint, rate: string, fromDecimals: number, toDecimals: number): bigint {
  const { digits, scale } = parseDecimal(rate)
  return (amount * digits * 10n ** BigInt(toDecimals)) / 10n ** BigInt(scale + fromDecimals)
}

/** The smallest source amount whose conversion at `rate`, rounded down, is at least `target`: a zero rate reaches nothing. */
export function sourceAmountFor(target: bigint, rate: string, fromDecimals: number, toDecimals: number): bigint {
  const { digits, scale } = parseDecimal(rate)
  if (digits === 0n) throw new ApiError('QUOTE_RATE_UNAVAILABLE', 'The rate for this corridor is zero')
  return ceilDiv(target * 10n ** BigInt(scale + fromDecimals), digits * 10n ** BigInt(toDecimals))
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b
