import { divideDecimals, formatDecimal, parseDecimal } from '@pp/money'

/** Fraction digits kept in a derived rate: enough that a satoshi-priced corridor keeps 9 significant digits. */
export const RATE_SCALE = 18

const BPS = 10_000n

/**
 * The rate a customer is quoted from a mid-market rate and the platform's spread: the spread comes
 * off what the customer receives, `mid × (1 − bps/10000)`, so the platform never quotes better than
 * the mid rate in either direction. Exact in integers; beyond RATE_SCALE digits it is rounded down
 * (towards the platform, a fraction of a unit at the 18th digit).
 */
export function applySpread(mid: string, spreadBps: number): string {
  const { digits, scale } = parseDecimal(mid)
  const spread = digits * (BPS - BigInt(spreadBps))
  const exactScale = scale + 4
  if (exactScale <= RATE_SCALE) return formatDecimal(spread, exactScale)
  return formatDecimal(spread / 10n ** BigInt(exactScale - RATE_SCALE), RATE_SCALE)
}

/** The mid rate of the opposite direction: `1 / mid`, half-up to RATE_SCALE digits. */
export const inverseRate = (mid: string): string => divideDecimals('1', mid, RATE_SCALE)

/** A positive decimal string (`1.08`, `0.0925`), the only shape a rate is kept in. */
export function isPositiveDecimal(value: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(value)) return false
  return parseDecimal(value).digits > 0n
}
