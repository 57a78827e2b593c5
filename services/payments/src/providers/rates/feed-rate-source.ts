import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { ApiError } from '@pp/errors'
import type { Logger } from '@pp/logging'
import { divideDecimals } from '@pp/money'
import { rateUnavailable, type RateSource } from '../../domain/rates/rate-source.js'
import type { FeedSettings } from '../../domain/rates/settings.js'
import { applySpread, RATE_SCALE } from '../../domain/rates/spread.js'
import { parity } from './rate-sources.js'
import { readReferenceRates, type ReferenceRates } from './reference-rates-xml.js'

/** The feed's text, from a file (`file://`) or a web server (`http(s)://`, any answer but 200 refused). */
async function download(url: string, timeoutMs: number): Promise<string> {
  if (url.startsWith('file:')) return readFile(fileURLToPath(url), 'utf8')
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml, text/xml' } })
  if (response.status !== 200) throw new Error(`the feed answered HTTP ${response.status}`)
  return response.text()
}

/**
 * RATES_SOURCE=feed: a central bank's daily reference rates (RATES_FEED_URL, the ECB's XML shape),
 * each a mid rate per unit of the base currency. A corridor's rate is the cross rate through the
 * base, `rate(to) / rate(from)` in exact decimals, with RATES_FEED_SPREAD_BPS taken off. A feed
 * dated more than RATES_FEED_MAX_AGE_HOURS ago (from the start of its day, UTC) prices nothing;
 * an unreadable one neither (logged). The feed is read on each call, one read shared by the calls
 * made while it runs: the rate cache in front of this source keeps the answers.
 */
export function feedRateSource(settings: FeedSettings, logger: Logger, now: () => Date): RateSource {
  let reading: Promise<ReferenceRates> | undefined
  const feed = (): Promise<ReferenceRates> => {
    reading ??= download(settings.url, settings.timeoutMs)
      .then((text) => readReferenceRates(text, settings.baseCurrency))
      .catch((err: unknown) => {
        // the reason only: the URL may carry a credential
        logger.warn({ reason: (err as Error).message }, 'the reference-rate feed (RATES_FEED_URL) could not be read')
        throw err
      })
      .finally(() => {
        reading = undefined
      })
    return reading
  }
  const validUntilOf = (rates: ReferenceRates) => new Date(Date.parse(`${rates.date}T00:00:00Z`) + settings.maxAgeMs)
  return {
    async rate(sourceCurrency, destinationCurrency) {
      const same = parity(sourceCurrency, destinationCurrency, now)
      if (same) return same
      const rates = await feed().catch(() => {
        throw rateUnavailable(sourceCurrency, destinationCurrency, 'the reference-rate feed could not be read')
      })
      const at = now()
      const validUntil = validUntilOf(rates)
      if (at >= validUntil) {
        const hours = settings.maxAgeMs / 3_600_000
        throw rateUnavailable(sourceCurrency, destinationCurrency, `the reference rates are of ${rates.date}, older than RATES_FEED_MAX_AGE_HOURS (${hours} h)`)
      }
      const from = rates.rates.get(sourceCurrency)
      const to = rates.rates.get(destinationCurrency)
      if (!from || !to) throw rateUnavailable(sourceCurrency, destinationCurrency, `the reference rates do not price ${from ? destinationCurrency : sourceCurrency}`)
      return { sourceCurrency, destinationCurrency, rate: applySpread(divideDecimals(to, from, RATE_SCALE), settings.spreadBps), asOf: at, validUntil }
    },
    async currencies() {
      const rates = await feed().catch(() => {
        throw new ApiError('SERVICE_UNAVAILABLE', 'The reference-rate feed could not be read')
      })
      return now() < validUntilOf(rates) ? [...rates.rates.keys()] : []
    },
  }
}
