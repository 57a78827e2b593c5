import { ApiError } from '@pp/errors'
import { findCurrency } from '@pp/money'

/** Maximums in the sending currency's smallest unit, keyed `SEND:RECEIVE` (a corridor) or `SEND`. */
export type SizeLimits = ReadonlyMap<string, bigint>

/** Without configuration: one million units of a fiat currency or stablecoin, ten bitcoin. */
const DEFAULT_MAJOR_UNITS: Record<string, bigint> = { BTC: 10n }
const DEFAULT_MAJOR_UNITS_OTHERWISE = 1_000_000n

/** `USD:EUR=500000000,BTC=1000000000` → a map; a malformed entry stops start-up. */
export function parseSizeLimits(text: string): SizeLimits {
  const limits = new Map<string, bigint>()
  for (const entry of text.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([A-Z]{3,5})(?::([A-Z]{3,5}))?=(\d+)$/.exec(entry)
    if (!match) throw new Error(`TRANSACTION_SIZE_LIMITS: malformed entry "${entry}" (expected SEND[:RECEIVE]=amount)`)
    limits.set(match[2] ? `${match[1]}:${match[2]}` : match[1]!, BigInt(match[3]!))
  }
  return limits
}

export function sizeLimitOf(limits: SizeLimits, sendingCurrency: string, receivingCurrency: string): bigint {
  const configured = limits.get(`${sendingCurrency}:${receivingCurrency}`) ?? limits.get(sendingCurrency)
  if (configured !== undefined) return configured
  const decimals = BigInt(findCurrency(sendingCurrency)?.decimals ?? 2)
  return (DEFAULT_MAJOR_UNITS[sendingCurrency] ?? DEFAULT_MAJOR_UNITS_OTHERWISE) * 10n ** decimals
}

/** 400 TRANSACTION_SIZE_LIMIT_EXCEEDED when the sending amount is above the corridor's maximum. */
export function assertWithinSizeLimit(limits: SizeLimits, sendingCurrency: string, receivingCurrency: string, amount: bigint): void {
  const limit = sizeLimitOf(limits, sendingCurrency, receivingCurrency)
  if (amount > limit) {
    throw new ApiError('TRANSACTION_SIZE_LIMIT_EXCEEDED', `The amount exceeds the maximum of ${limit} for ${sendingCurrency} to ${receivingCurrency}`, {
      maximum: Number(limit),
      currency: sendingCurrency,
    })
  }
}
