import type { ExchangeRate, RateSource } from '../../domain/rates/rate-source.js'

/** The spec's exchange rate cache: about 5 minutes. */
export const RATE_CACHE_TTL_MS_DEFAULT = 300_000

/**
 * A rate source that keeps each corridor's rate for `ttlMs` after it was read, so GET
 * /exchange-rates answers from memory and `asOf` says when the rate was fetched. Only a cache:
 * each replica keeps its own, and a failed read is not remembered.
 */
export function cachedRateSource(source: RateSource, ttlMs: number, now: () => Date): RateSource {
  const cache = new Map<string, ExchangeRate>()
  return {
    async rate(sourceCurrency, destinationCurrency) {
      const key = `${sourceCurrency}/${destinationCurrency}`
      const cached = cache.get(key)
      if (cached && now().getTime() - cached.asOf.getTime() < ttlMs) return cached
      const fresh = await source.rate(sourceCurrency, destinationCurrency)
      cache.set(key, fresh)
      return fresh
    },
    currencies: () => source.currencies(),
  }
}
