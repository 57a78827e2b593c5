/**
 * Exact decimal strings for exchange rates, in integers only: a rate is never a float, because a
 * float would move a different sum than the one quoted.
 */

/** A non-negative decimal string as an integer and its scale: "1.08" → 108n, 2. */
export function parseDecimal(value: string): { digits: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) throw new Error(`malformed decimal ${value}`)
  const fraction = match[2] ?? ''
  return { digits: BigInt(`${match[1]}${fraction}`), scale: fraction.length }
}

/** `digits / 10^scale` as a decimal string without trailing zeros. */
export function formatDecimal(digits: bigint, scale: number): string {
  const text = digits.toString().padStart(scale + 1, '0')
  const whole = text.slice(0, text.length - scale)
  const fraction = text.slice(text.length - scale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** `a / b` rounded half-up to `scale` fraction digits. */
export function divideDecimals(a: string, b: string, scale: number): string {
  const x = parseDecimal(a)
  const y = parseDecimal(b)
  if (y.digits === 0n) throw new Error('division by zero')
  // a/b = (x.digits / 10^x.scale) / (y.digits / 10^y.scale)
  const numerator = x.digits * 10n ** BigInt(y.scale + scale)
  const denominator = y.digits * 10n ** BigInt(x.scale)
  return formatDecimal((numerator * 2n + denominator) / (denominator * 2n), scale)
}
