import type { ExchangeRate, RateSource } from '../../domain/rates/rate-source.js'

/** A rate source whose cached answers can be dropped, when the rates behind it changed. */
export interface CachedRateSource extends RateSource {
  forget(): void
}

/**
 * A rate source that keeps each corridor's rate for `ttlMs` after it was read (and never past
 * the rate's own `validUntil`), so quotes and GET /exchange-rates answer from memory and `asOf`
 * says when the rate was fetched; the list of priced currencies is kept as long. Only a cache:
 * each replica keeps its own, a failed read is not remembered, and `forget` empties it.
 */
export function cachedRateSource(source: RateSource, ttlMs: number, now: () => Date): CachedRateSource {
  const cache = new Map<string, ExchangeRate>()
  let currencies: { list: Promise<string[]>; at: number } | undefined
  const fresh = (at: number, validUntil?: Date) => now().getTime() - at < ttlMs && (!validUntil || now() < validUntil)
  return {
    async rate(sourceCurrency, destinationCurrency) {
      const key = `${sourceCurrency}/${destinationCurrency}`
      const cached = cache.get(key)
      if (cached && fresh(cached.asOf.getTime(), cached.validUntil)) return cached
      const read = await source.rate(sourceCurrency, destinationCurrency)
      cache.set(key, read)
      return read
    },
    currencies() {
      if (currencies && fresh(currencies.at)) return currencies.list
      const entry = { list: source.currencies(), at: now().getTime() }
      currencies = entry
      // a failed read is not remembered
      entry.list.catch(() => {
        if (currencies === entry) currencies = undefined
      })
      return entry.list
    },
    forget() {
      cache.clear()
      currencies = undefined
    },
  }
}
