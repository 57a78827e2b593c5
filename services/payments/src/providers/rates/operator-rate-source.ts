import { operatorPrice, type OperatorRate } from '../../domain/rates/operator-rates.js'
import { rateUnavailable, type RateSource } from '../../domain/rates/rate-source.js'
import { parity } from './rate-sources.js'

/** The operator rates' table as this source reads it (db/operator-rates.db.ts). */
export interface OperatorRateReader {
  /** The pair's rates in either direction not ended at `at`. */
  unendedPairRates(from: string, to: string, at: Date): Promise<OperatorRate[]>
  /** Every currency of a rate current at `at`. */
  currentCurrencies(at: Date): Promise<string[]>
}

/**
 * RATES_SOURCE=operator: production priced from the rates operators set (`pnpm admin rates set`),
 * a direction derived from the opposite one when only that is set (domain/rates/operator-rates.ts).
 * A corridor without a current rate, an ended one included, answers QUOTE_RATE_UNAVAILABLE.
 */
export function operatorRateSource(reader: OperatorRateReader, now: () => Date): RateSource {
  return {
    async rate(sourceCurrency, destinationCurrency) {
      const same = parity(sourceCurrency, destinationCurrency, now)
      if (same) return same
      const at = now()
      const price = operatorPrice(await reader.unendedPairRates(sourceCurrency, destinationCurrency, at), sourceCurrency, destinationCurrency, at)
      if (!price) throw rateUnavailable(sourceCurrency, destinationCurrency, 'no operator rate is set for this corridor now (pnpm admin rates set)')
      return { sourceCurrency, destinationCurrency, rate: price.rate, asOf: at, validUntil: price.validUntil }
    },
    currencies: () => reader.currentCurrencies(now()),
  }
}
