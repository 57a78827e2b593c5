import { describe, expect, it } from 'vitest'
import type { RateSource } from '../../domain/rates/rate-source.js'
import { cachedRateSource } from './rate-cache.js'

/** A source whose rate moves by one unit at every read, so a cached answer is recognisable. */
function countingSource(now: () => Date): RateSource & { reads: number } {
  const source = {
    reads: 0,
    async rate(sourceCurrency: string, destinationCurrency: string) {
      source.reads += 1
      return { sourceCurrency, destinationCurrency, rate: String(source.reads), asOf: now() }
    },
    currencies: async () => ['USD', 'EUR'],
  }
  return source
}

describe('cachedRateSource', () => {
  it('answers from memory until the TTL passes, then reads afresh', async () => {
    let clock = new Date('2026-01-01T00:00:00Z')
    const now = () => clock
    const source = countingSource(now)
    const cached = cachedRateSource(source, 300_000, now)
    const first = await cached.rate('USD', 'EUR')
    clock = new Date('2026-01-01T00:04:59Z')
    expect(await cached.rate('USD', 'EUR')).toEqual(first)
    expect(await cached.rate('EUR', 'USD')).toMatchObject({ rate: '2' })
    clock = new Date('2026-01-01T00:05:00Z')
    expect(await cached.rate('USD', 'EUR')).toEqual({ sourceCurrency: 'USD', destinationCurrency: 'EUR', rate: '3', asOf: clock })
    expect(source.reads).toBe(3)
  })

  it('does not remember a failed read', async () => {
    let fail = true
    const source: RateSource = {
      rate: async (s, d) => (fail ? Promise.reject(new Error('down')) : { sourceCurrency: s, destinationCurrency: d, rate: '1', asOf: new Date() }),
      currencies: async () => [],
    }
    const cached = cachedRateSource(source, 300_000, () => new Date())
    await expect(cached.rate('USD', 'EUR')).rejects.toThrow('down')
    fail = false
    expect(await cached.rate('USD', 'EUR')).toMatchObject({ rate: '1' })
  })

  it("keeps no rate past its own validUntil, and forgets everything when told", async () => {
    let clock = new Date('2026-01-01T00:00:00Z')
    const now = () => clock
    let reads = 0
    const source: RateSource = {
      async rate(s, d) {
        reads += 1
        return { sourceCurrency: s, destinationCurrency: d, rate: String(reads), asOf: now(), validUntil: new Date('2026-01-01T00:01:00Z') }
      },
      currencies: async () => [String(reads)],
    }
    const cached = cachedRateSource(source, 300_000, now)
    expect(await cached.rate('USD', 'EUR')).toMatchObject({ rate: '1' })
    clock = new Date('2026-01-01T00:00:59Z')
    expect(await cached.rate('USD', 'EUR')).toMatchObject({ rate: '1' })
    expect(await cached.currencies()).toEqual(['1'])
    clock = new Date('2026-01-01T00:01:00Z')
    expect(await cached.rate('USD', 'EUR')).toMatchObject({ rate: '2' })
    expect(await cached.currencies()).toEqual(['1'])
    cached.forget()
    expect(await cached.rate('USD', 'EUR')).toMatchObject({ rate: '3' })
    expect(await cached.currencies()).toEqual(['3'])
  })
})
