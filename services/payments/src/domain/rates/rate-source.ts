import type { Environment } from '@pp/tenancy'

/** A price between two currencies at one moment. */
export interface ExchangeRate {
  sourceCurrency: string
  destinationCurrency: string
  /** Units of the destination currency per unit of the source currency (major units), a decimal string. */
  rate: string
  /** When the rate was read; a quote or a cache keeps it at most its own lifetime. */
  asOf: Date
}

/**
 * Where quotes and GET /exchange-rates take their rates from. `rate` answers 400
 * QUOTE_RATE_UNAVAILABLE when it has no price for the corridor now.
 */
export interface RateSource {
  rate(sourceCurrency: string, destinationCurrency: string): Promise<ExchangeRate>
  /** Every currency the source prices; any two of them form a corridor. */
  currencies(): string[]
}

export const rateSourceFor = (environment: Environment, sources: Record<Environment, RateSource>): RateSource => sources[environment]
