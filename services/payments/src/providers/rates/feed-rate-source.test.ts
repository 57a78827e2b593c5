import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLogger } from '@pp/logging'
import { describe, expect, it } from 'vitest'
import { referenceRatesXml } from '../../../test/reference-rates.js'
import { feedRateSource } from './feed-rate-source.js'

const folder = mkdtempSync(join(tmpdir(), 'rates-feed-'))
const logger = createLogger('feed-test', 'silent')
const HOUR_MS = 3_600_000

/** A feed file of the day `time` and the source reading it at `now`. */
function feedOf(time: string, rates: Record<string, string>, now: Date, spreadBps = 0) {
  const path = join(folder, `${time}-${Object.keys(rates).join('')}-${spreadBps}.xml`)
  writeFileSync(path, referenceRatesXml([{ time, rates }]))
  return feedRateSource({ url: pathToFileURL(path).href, baseCurrency: 'EUR', maxAgeMs: 96 * HOUR_MS, spreadBps, timeoutMs: 5_000 }, logger, () => now)
}

describe('feedRateSource', () => {
  const monday = new Date('2026-11-30T15:00:00Z')

  it('derives cross rates through the base in exact decimals, the spread taken off', async () => {
    const feed = feedOf('2026-11-30', { USD: '1.0543', JPY: '158.12' }, monday)
    expect(await feed.rate('EUR', 'USD')).toEqual({ sourceCurrency: 'EUR', destinationCurrency: 'USD', rate: '1.0543', asOf: monday, validUntil: new Date('2026-12-04T00:00:00Z') })
    expect((await feed.rate('USD', 'EUR')).rate).toBe('0.948496632836953429')
    expect((await feed.rate('USD', 'JPY')).rate).toBe('149.976287584179076164')
    expect((await feed.rate('USD', 'USD')).rate).toBe('1')
    expect((await feedOf('2026-11-30', { USD: '1.0543' }, monday, 100).rate('EUR', 'USD')).rate).toBe('1.043757')
    expect(await feed.currencies()).toEqual(['EUR', 'USD', 'JPY'])
  })

  it("serves Friday's rates through the weekend, not past RATES_FEED_MAX_AGE_HOURS", async () => {
    expect((await feedOf('2026-11-27', { USD: '1.05' }, monday).rate('EUR', 'USD')).rate).toBe('1.05')
    const tuesday = new Date('2026-12-01T00:00:00Z')
    const stale = feedOf('2026-11-27', { USD: '1.05' }, tuesday)
    await expect(stale.rate('USD', 'EUR')).rejects.toMatchObject({
      code: 'QUOTE_RATE_UNAVAILABLE',
      message: expect.stringContaining('of 2026-11-27, older than RATES_FEED_MAX_AGE_HOURS (96 h)'),
      details: { corridor: 'USD/EUR' },
    })
    expect(await stale.currencies()).toEqual([])
  })

  it('prices no currency the feed lacks, and nothing from a feed it cannot read', async () => {
    await expect(feedOf('2026-11-30', { USD: '1.05' }, monday).rate('USD', 'BRL')).rejects.toMatchObject({ code: 'QUOTE_RATE_UNAVAILABLE', message: expect.stringContaining('do not price BRL') })
    const missing = feedRateSource({ url: pathToFileURL(join(folder, 'absent.xml')).href, baseCurrency: 'EUR', maxAgeMs: HOUR_MS, spreadBps: 0, timeoutMs: 5_000 }, logger, () => monday)
    await expect(missing.rate('USD', 'EUR')).rejects.toMatchObject({ code: 'QUOTE_RATE_UNAVAILABLE', message: expect.stringContaining('could not be read') })
    await expect(missing.currencies()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
  })
})
