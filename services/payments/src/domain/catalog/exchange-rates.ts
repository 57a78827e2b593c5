import { ApiError, isApiError } from '@pp/errors'
import { divideDecimals, findCurrency, type Currency } from '@pp/money'
import { priceQuote, type FeeSchedule } from '../quotes/pricing.js'
import { rateIfPriced } from '../rates/rate-source.js'
import type { CatalogDeps, CorridorFees } from './deps.js'
import { payoutRailOf } from './payout-rails.js'
import type { CatalogCaller } from './types.js'

/** The reference's default sending amount when the request names none. */
export const SENDING_AMOUNT_DEFAULT = 10_000n
/** Fraction digits of a rate in sending units per receiving unit. */
const RATE_SCALE = 12

export interface ExchangeRatesFilter {
  sourceCurrency?: string
  destinationCurrencies: string[]
  sendingAmount?: bigint
}

export interface CorridorRate {
  sourceCurrency: Currency
  destinationCurrency: Currency
  destinationPaymentRail: string
  sendingAmount: bigint
  minSendingAmount: bigint
  maxSendingAmount: bigint
  receivingAmount: bigint
  /** Sending currency units per receiving currency unit, a decimal string. */
  exchangeRate: string
  fees: { fixed: bigint; total: bigint }
  updatedAt: Date
}

function knownCurrency(code: string, field: string): Currency {
  const currency = findCurrency(code.toUpperCase())
  if (currency) return currency
  throw new ApiError('INVALID_CURRENCY', `${code} is not a currency the service offers`, { field, value: code })
}

/**
 * Every pair of distinct priced currencies the filter allows, fiat payout corridors only; in
 * production with a catalogue, only the pairs its corridors offer, as quotes are held to them.
 */
async function corridorsOf(deps: CatalogDeps, caller: CatalogCaller, filter: ExchangeRatesFilter): Promise<[Currency, Currency][]> {
  const priced = (await deps.rates[caller.environment].currencies()).flatMap((code) => findCurrency(code) ?? [])
  const sources = filter.sourceCurrency ? [knownCurrency(filter.sourceCurrency, 'sourceCurrency')] : priced
  const wanted = filter.destinationCurrencies.map((code) => knownCurrency(code, 'destinationCurrency'))
  const destinations = (wanted.length > 0 ? wanted : priced).filter((c) => payoutRailOf(c.code))
  const offered = caller.environment === 'PRODUCTION' ? deps.corridors : undefined
  return sources.flatMap((source) =>
    destinations.filter((d) => d.code !== source.code && (!offered || offered.offers(source.code, d.code))).map((d): [Currency, Currency] => [source, d]),
  )
}

/** `sendingAmount` priced like a quote locked on the sending side; an amount below the fees delivers nothing. */
function priceSending(sendingAmount: bigint, rate: string, source: Currency, destination: Currency, fees: FeeSchedule) {
  const fixed = fees.serviceFixedFee + fees.platformFixedFee
  const input = { rate, fees, sendingDecimals: source.decimals, receivingDecimals: destination.decimals }
  const minimum = priceQuote({ ...input, lockedSide: 'RECEIVING', lockedAmount: 1n }).totalSendingAmount
  try {
    const price = priceQuote({ ...input, lockedSide: 'SENDING', lockedAmount: sendingAmount })
    return { minimum, receivingAmount: price.totalReceivingAmount, fees: { fixed, total: price.fees } }
  } catch (err) {
    if (!isApiError(err) || err.code !== 'INVALID_AMOUNT') throw err
    return { minimum, receivingAmount: 0n, fees: { fixed, total: fixed } }
  }
}

async function corridorRate(
  deps: CatalogDeps,
  caller: CatalogCaller,
  [source, destination]: [Currency, Currency],
  sendingAmount: bigint,
  feesOf: CorridorFees,
): Promise<CorridorRate | undefined> {
  // a corridor of two priced currencies may have no rate (operator rates price pairs): it is left out
  const rate = await rateIfPriced(deps.rates[caller.environment], source.code, destination.code)
  if (!rate) return undefined
  const price = priceSending(sendingAmount, rate.rate, source, destination, feesOf(source.code, destination.code))
  return {
    sourceCurrency: source,
    destinationCurrency: destination,
    destinationPaymentRail: payoutRailOf(destination.code)!,
    sendingAmount,
    minSendingAmount: price.minimum,
    maxSendingAmount: deps.pricing.maxSendingAmount(source.code, destination.code),
    receivingAmount: price.receivingAmount,
    exchangeRate: divideDecimals('1', rate.rate, RATE_SCALE),
    fees: price.fees,
    updatedAt: rate.asOf,
  }
}

/**
 * The cached rate of each corridor priced now with the tenant's fees applied to `sendingAmount` (10000 by
 * default), as a quote of that amount would price it now. 400 INVALID_CURRENCY for a currency
 * the service does not know.
 */
export async function getExchangeRates(deps: CatalogDeps, caller: CatalogCaller, filter: ExchangeRatesFilter): Promise<CorridorRate[]> {
  const sendingAmount = filter.sendingAmount ?? SENDING_AMOUNT_DEFAULT
  if (sendingAmount < 0n) throw new ApiError('INVALID_AMOUNT', 'sendingAmount must not be negative', { field: 'sendingAmount' })
  const corridors = await corridorsOf(deps, caller, filter)
  const feesOf = await deps.pricing.feesOf(caller)
  const rates = await Promise.all(corridors.map((corridor) => corridorRate(deps, caller, corridor, sendingAmount, feesOf)))
  return rates.filter((rate) => rate !== undefined)
}
