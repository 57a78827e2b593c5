import { describe, expect, it } from 'vitest'
import { loadPaymentsConfig } from '../../config.js'
import { ratesSettingsOf } from './settings.js'

const BASE = { DATABASE_URL: 'postgresql://payments@127.0.0.1:5432/payments' }

describe('rates settings', () => {
  it('choose no production source without RATES_SOURCE, and cache rates about five minutes', () => {
    const config = loadPaymentsConfig(BASE)
    expect(ratesSettingsOf(config)).toBeUndefined()
    expect(config.RATES_CACHE_TTL_MS).toBe(300_000)
  })

  it('refuse a half-configured feed, naming the missing setting', () => {
    expect(() => loadPaymentsConfig({ ...BASE, RATES_SOURCE: 'feed' })).toThrow(/RATES_FEED_URL: required when RATES_SOURCE=feed/)
    expect(() => loadPaymentsConfig({ ...BASE, RATES_FEED_URL: 'https://bank.example/eurofxref-daily.xml' })).toThrow(/RATES_SOURCE: must be feed when RATES_FEED_URL is set/)
    expect(() => loadPaymentsConfig({ ...BASE, RATES_SOURCE: 'feed', RATES_FEED_URL: 'ftp://bank.example/rates.xml' })).toThrow(/RATES_FEED_URL/)
    expect(() => loadPaymentsConfig({ ...BASE, RATES_SOURCE: 'market' })).toThrow(/RATES_SOURCE/)
  })

  it('build the operator source, or the feed with its defaults', () => {
    expect(ratesSettingsOf(loadPaymentsConfig({ ...BASE, RATES_SOURCE: 'operator' }))).toEqual({ source: 'operator' })
    expect(ratesSettingsOf(loadPaymentsConfig({ ...BASE, RATES_SOURCE: 'feed', RATES_FEED_URL: 'file:///etc/rates/eurofxref-daily.xml', RATES_FEED_SPREAD_BPS: '25' }))).toEqual({
      source: 'feed',
      url: 'file:///etc/rates/eurofxref-daily.xml',
      baseCurrency: 'EUR',
      maxAgeMs: 96 * 3_600_000,
      spreadBps: 25,
      timeoutMs: 10_000,
    })
  })
})
