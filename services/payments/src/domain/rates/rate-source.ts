import { ApiError, isApiError } from '@pp/errors'
import type { Environment } from '@pp/tenancy'

/** A price between two currencies at one moment. */
export interface ExchangeRate {
  sourceCurrency: string
  destinationCurrency: string
  /** Units of the destination currency per unit of the source currency (major units), a decimal string. */
  rate: string
  /** When the rate was read; a quote or a cache keeps it at most its own lifetime. */
  asOf: Date
  /** When the price stops being usable (an operator rate's end, a feed's staleness); a cache keeps it no longer. */
  validUntil?: Date
}

/**
 * Where quotes and GET /exchange-rates take their rates from. `rate` answers 400
 * QUOTE_RATE_UNAVAILABLE when it has no price for the corridor now.
 */
export interface RateSource {
  rate(sourceCurrency: string, destinationCurrency: string): Promise<ExchangeRate>
  /** Every currency the source prices now; a corridor of two of them may still have no rate (operator rates). */
  currencies(): Promise<string[]>
}

export const rateSourceFor = (environment: Environment, sources: Record<Environment, RateSource>): RateSource => sources[environment]

/** The spec's 400 QUOTE_RATE_UNAVAILABLE for a corridor, naming it (`details.corridor`, e.g. `USD/EUR`) and why. */
export function rateUnavailable(sourceCurrency: string, destinationCurrency: string, why: string): ApiError {
  return new ApiError('QUOTE_RATE_UNAVAILABLE', `No rate for ${sourceCurrency} to ${destinationCurrency}: ${why}`, {
    corridor: `${sourceCurrency}/${destinationCurrency}`,
    sourceCurrency,
    destinationCurrency,
  })
}

/** The corridor's rate, or undefined when the source has none now: for listings, which leave such corridors out. */
export async function rateIfPriced(source: RateSource, sourceCurrency: string, destinationCurrency: string): Promise<ExchangeRate | undefined> {
  try {
    return await source.rate(sourceCurrency, destinationCurrency)
  } catch (err) {
    if (isApiError(err) && err.code === 'QUOTE_RATE_UNAVAILABLE') return undefined
    throw err
  }
}
