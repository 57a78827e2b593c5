import { describe, expect, it } from 'vitest'
import { getExchangeRates } from './exchange-rates.js'
import { SANDBOX_CALLER, testCatalogDeps } from '../../../test/catalog-deps.js'

describe('getExchangeRates', () => {
  it('prices the default 10000 through the platform fees: fixed 10 + 40, 50 bps on the rest', async () => {
    const { deps } = testCatalogDeps()
    const [rate] = await getExchangeRates(deps, SANDBOX_CALLER, { sourceCurrency: 'USD', destinationCurrencies: ['EUR'] })
    // 10000 - 50 fixed = 9950 = principal × 1.005 → principal 9900 (rounded down), variable 50
    // 9900 cents at 1 USD = 1/1.08 EUR → 9166.67 → 9166 cents
    // the least that delivers one euro cent: principal ceil(1.08) = 2, 50 fixed, 1 variable (rounded up)
    expect(rate).toEqual({
      sourceCurrency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
      destinationCurrency: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
      destinationPaymentRail: 'SEPA_INSTANT',
      sendingAmount: 10_000n,
      minSendingAmount: 53n,
      maxSendingAmount: 10_000_000n,
      receivingAmount: 9_166n,
      exchangeRate: '1.08',
      fees: { fixed: 50n, total: 100n },
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    })
  })

  it('lists every fiat corridor of a source, none to itself, none to a crypto currency', async () => {
    const { deps } = testCatalogDeps()
    const rates = await getExchangeRates(deps, SANDBOX_CALLER, { sourceCurrency: 'eur', destinationCurrencies: [] })
    const destinations = rates.map((r) => r.destinationCurrency.code)
    expect(destinations).toEqual(expect.arrayContaining(['USD', 'GBP', 'MXN', 'INR', 'PHP']))
    expect(destinations).not.toContain('EUR')
    expect(destinations).not.toContain('BTC')
    expect(rates.every((r) => r.sourceCurrency.code === 'EUR' && r.fees.total === 0n)).toBe(true)
  })

  it('echoes the sending amount and delivers nothing when it does not cover the fixed fees', async () => {
    const { deps } = testCatalogDeps()
    const [rate] = await getExchangeRates(deps, SANDBOX_CALLER, { sourceCurrency: 'USD', destinationCurrencies: ['MXN'], sendingAmount: 30n })
    expect(rate).toMatchObject({ sendingAmount: 30n, receivingAmount: 0n, fees: { fixed: 50n, total: 50n } })
  })

  it('refuses a currency the service does not know with INVALID_CURRENCY', async () => {
    const { deps } = testCatalogDeps()
    await expect(getExchangeRates(deps, SANDBOX_CALLER, { sourceCurrency: 'XXX', destinationCurrencies: [] })).rejects.toMatchObject({
      code: 'INVALID_CURRENCY',
      details: { field: 'sourceCurrency' },
    })
    await expect(getExchangeRates(deps, SANDBOX_CALLER, { destinationCurrencies: ['EUR', 'ZZZ'] })).rejects.toMatchObject({
      code: 'INVALID_CURRENCY',
      details: { field: 'destinationCurrency', value: 'ZZZ' },
    })
  })

  it('has no corridors in production while no rate provider is configured', async () => {
    const { deps } = testCatalogDeps()
    expect(await getExchangeRates(deps, { ...SANDBOX_CALLER, environment: 'PRODUCTION' }, { destinationCurrencies: [] })).toEqual([])
  })
})
