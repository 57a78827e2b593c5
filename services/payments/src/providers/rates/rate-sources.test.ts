import { describe, expect, it } from 'vitest'
import { sandboxRateSource, unconfiguredRateSource } from './rate-sources.js'

describe('rate sources', () => {
  const sandbox = sandboxRateSource(() => new Date('2026-01-01T00:00:00Z'))

  it('sandbox: fixed cross rates through the dollar value, as exact decimal strings', async () => {
    expect((await sandbox.rate('USD', 'EUR')).rate).toBe('0.925925925925925926')
    expect((await sandbox.rate('EUR', 'USD')).rate).toBe('1.08')
    expect((await sandbox.rate('BTC', 'USD')).rate).toBe('65000')
    expect((await sandbox.rate('USDC', 'USDC')).rate).toBe('1')
    expect(await sandbox.currencies()).toEqual(expect.arrayContaining(['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'INR', 'NGN', 'CAD', 'BTC', 'USDC', 'USDB']))
  })

  it('sandbox: a currency without a price answers QUOTE_RATE_UNAVAILABLE', async () => {
    await expect(sandbox.rate('USD', 'XAU')).rejects.toMatchObject({ code: 'QUOTE_RATE_UNAVAILABLE' })
  })

  it('production without a provider prices only same-currency transfers', async () => {
    const production = unconfiguredRateSource()
    expect((await production.rate('USD', 'USD')).rate).toBe('1')
    await expect(production.rate('USD', 'EUR')).rejects.toMatchObject({
      code: 'QUOTE_RATE_UNAVAILABLE',
      message: expect.stringContaining('no production rate provider'),
      details: { corridor: 'USD/EUR' },
    })
  })
})
