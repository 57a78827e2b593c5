import { durationMs, requireChosen, requireSettings, z } from '@pp/config'

const HOUR_MS = 3_600_000

/**
 * Where production rates come from (issue 28). RATES_SOURCE unset: every production cross-currency
 * quote answers QUOTE_RATE_UNAVAILABLE. `operator`: the rates operators set (`pnpm admin rates
 * set`). `feed`: a central bank's daily reference rates (the ECB eurofxref XML shape) read from
 * RATES_FEED_URL.
 */
export const ratesConfig = z.object({
  RATES_SOURCE: z.enum(['operator', 'feed']).optional(),
  /** The reference-rate XML: `https://…`, `http://…` or `file:///…`. */
  RATES_FEED_URL: z
    .url({ protocol: /^(https?|file)$/, error: 'expected an http(s):// or file:// URL' })
    .optional(),
  /**
   * A feed dated longer ago than this (from the start of its day, UTC) is stale and prices
   * nothing. 96 hours: Friday's rates serve through the weekend until Tuesday 00:00 UTC, by which
   * time Monday's are published; raise it for a bank holiday of the feed's central bank.
   */
  RATES_FEED_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(96),
  /** The currency the feed's rates are per unit of: EUR for the ECB's, the publishing bank's own for others of the same shape. */
  RATES_FEED_BASE_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'expected a currency code such as EUR').default('EUR'),
  /** The platform's spread on the feed's mid rates, in basis points, taken off what the customer receives. */
  RATES_FEED_SPREAD_BPS: z.coerce.number().int().min(0).max(9_999).default(0),
  /** The most a read of the feed waits for its answer. */
  RATES_FEED_TIMEOUT_MS: durationMs.min(1).default(10_000),
  /** How long a replica reuses a corridor's rate, sandbox and production (the spec's exchange rate cache: about 5 minutes). */
  RATES_CACHE_TTL_MS: durationMs.default(300_000),
})

export type RatesConfig = z.infer<typeof ratesConfig>

/** A feed is all or nothing: RATES_SOURCE=feed needs RATES_FEED_URL, and a URL is read only by the feed. */
export function requireRatesSettings(config: RatesConfig, ctx: z.RefinementCtx): void {
  if (config.RATES_SOURCE === 'feed') requireSettings(config, ['RATES_FEED_URL'], 'RATES_SOURCE=feed', ctx)
  requireChosen(config, 'RATES_SOURCE', 'feed', ['RATES_FEED_URL'], ctx)
}

/** The production rate source the settings choose, or undefined when RATES_SOURCE is unset. */
export type RatesSettings = { source: 'operator' } | ({ source: 'feed' } & FeedSettings)

/** The reference-rate feed's settings. */
export interface FeedSettings {
  url: string
  baseCurrency: string
  maxAgeMs: number
  spreadBps: number
  timeoutMs: number
}

export function ratesSettingsOf(config: RatesConfig): RatesSettings | undefined {
  if (config.RATES_SOURCE === 'operator') return { source: 'operator' }
  if (config.RATES_SOURCE !== 'feed') return undefined
  return {
    source: 'feed',
    url: config.RATES_FEED_URL!,
    baseCurrency: config.RATES_FEED_BASE_CURRENCY,
    maxAgeMs: config.RATES_FEED_MAX_AGE_HOURS * HOUR_MS,
    spreadBps: config.RATES_FEED_SPREAD_BPS,
    timeoutMs: config.RATES_FEED_TIMEOUT_MS,
  }
}
