import { divideDecimals } from '@pp/money'
import { rateUnavailable, type ExchangeRate, type RateSource } from '../../domain/rates/rate-source.js'
import { RATE_SCALE } from '../../domain/rates/spread.js'

/** Sandbox prices: the US dollar value of one unit of each currency (spec: fixed sandbox rates). */
const SANDBOX_USD_VALUE: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  MXN: '0.058',
  BRL: '0.2',
  CAD: '0.74',
  INR: '0.012',
  PHP: '0.018',
  NGN: '0.00065',
  KES: '0.0077',
  COP: '0.00025',
  JPY: '0.0067',
  BTC: '65000',
  USDB: '1',
  USDC: '1',
  USDT: '1',
}

/** The fixed sandbox table; the cross rate of two currencies goes through their dollar values. */
export function sandboxRateSource(now: () => Date = () => new Date()): RateSource {
  return {
    async rate(sourceCurrency, destinationCurrency) {
      const from = SANDBOX_USD_VALUE[sourceCurrency]
      const to = SANDBOX_USD_VALUE[destinationCurrency]
      if (!from || !to) throw rateUnavailable(sourceCurrency, destinationCurrency, 'the currency is not offered')
      const rate = sourceCurrency === destinationCurrency ? '1' : divideDecimals(from, to, RATE_SCALE)
      return { sourceCurrency, destinationCurrency, rate, asOf: now() }
    },
    currencies: async () => Object.keys(SANDBOX_USD_VALUE),
  }
}

/**
 * Production has no market-data provider configured in this deployment: every corridor but a
 * same-currency one answers QUOTE_RATE_UNAVAILABLE rather than a made-up price.
 */
export function unconfiguredRateSource(now: () => Date = () => new Date()): RateSource {
  return {
    async rate(sourceCurrency, destinationCurrency) {
      const same = parity(sourceCurrency, destinationCurrency, now)
      if (same) return same
      throw rateUnavailable(sourceCurrency, destinationCurrency, 'no production rate provider is configured (RATES_SOURCE)')
    },
    currencies: async () => [],
  }
}

/** A same-currency transfer's rate, 1, whatever a production source prices; undefined across currencies. */
export function parity(sourceCurrency: string, destinationCurrency: string, now: () => Date): ExchangeRate | undefined {
  return sourceCurrency === destinationCurrency ? { sourceCurrency, destinationCurrency, rate: '1', asOf: now() } : undefined
}
