import { ApiError } from '@pp/errors'

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
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate)
  if (!match) throw new Error(`malformed rate ${rate}`)
  const fraction = match[2] ?? ''
  const rateScaled = BigInt(`${match[1]}${fraction}`)
  const numerator = amount * rateScaled * 10n ** BigInt(toDecimals)
  const denominator = 10n ** BigInt(fraction.length + fromDecimals)
  return (numerator * 2n + denominator) / (denominator * 2n)
}
