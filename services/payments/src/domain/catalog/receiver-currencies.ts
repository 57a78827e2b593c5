import { convertAmountDown, divideDecimals, findCurrency, type Currency } from '@pp/money'
import { rateIfPriced } from '../rates/rate-source.js'
import type { CatalogDeps } from './deps.js'
import type { CatalogCaller } from './types.js'

/** Fraction digits of an estimated rate. */
const RATE_SCALE = 12

/**
 * The currency estimates are priced from. The reference lets platforms send in US dollars
 * today (platform fees and fee overrides accept USD alone), and a look-up names no source.
 */
export const LOOKUP_SENDING_CURRENCY = 'USD'

/** One currency a receiver accepts, priced from the sender's currency. */
export interface ReceiverCurrency {
  currency: Currency
  /** Sending currency units per receiving currency unit: an estimate, not a locked rate. */
  estimatedExchangeRate: string
  /** Bounds of the amount received, in its smallest unit. */
  min: bigint
  max: bigint
}

/**
 * The accepted currencies the tenant can send to now, each with the estimated rate from the
 * sending currency and the receivable range that the corridor's size limit allows.
 * Currencies without a rate are left out: no quote could reach them.
 */
export async function receiverCurrencies(deps: CatalogDeps, caller: CatalogCaller, codes: string[]): Promise<ReceiverCurrency[]> {
  const sending = findCurrency(LOOKUP_SENDING_CURRENCY)!
  const rates = deps.rates[caller.environment]
  const offered = await rates.currencies()
  const priced = codes.flatMap((code) => {
    const currency = findCurrency(code)
    return currency && offered.includes(code) ? [currency] : []
  })
  const estimates = await Promise.all(
    priced.map(async (currency) => {
      const found = await rateIfPriced(rates, sending.code, currency.code)
      if (!found) return undefined
      const { rate } = found
      const maxSending = deps.pricing.maxSendingAmount(sending.code, currency.code)
      const max = convertAmountDown(maxSending, rate, sending.decimals, currency.decimals)
      return { currency, estimatedExchangeRate: divideDecimals('1', rate, RATE_SCALE), min: 1n, max }
    }),
  )
  return estimates.filter((estimate) => estimate !== undefined)
}
