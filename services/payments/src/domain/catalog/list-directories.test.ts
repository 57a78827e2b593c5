import { describe, expect, it } from 'vitest'
import { listDiscoveries, listUmaProviders, listVasps } from './list-directories.js'
import { SANDBOX_CALLER, testCatalogDeps } from '../../../test/catalog-deps.js'

const PRODUCTION = { ...SANDBOX_CALLER, environment: 'PRODUCTION' as const }

describe('listDiscoveries', () => {
  it('filters by country and currency, in any case', async () => {
    const { deps } = testCatalogDeps()
    const found = await listDiscoveries(deps, SANDBOX_CALLER, { country: 'ph', currency: 'PHP' })
    expect(found).toContainEqual({ bankName: 'BPI', displayName: 'Bank of the Philippine Islands', country: 'PH', currency: 'PHP' })
    expect(found.every((d) => d.country === 'PH' && d.currency === 'PHP')).toBe(true)
    expect(await listDiscoveries(deps, SANDBOX_CALLER, { country: 'PH', currency: 'EUR' })).toEqual([])
  })

  it('lists every corridor without filters', async () => {
    const { deps } = testCatalogDeps()
    const countries = new Set((await listDiscoveries(deps, SANDBOX_CALLER, {})).map((d) => d.country))
    expect(countries).toEqual(new Set(['BR', 'CO', 'DE', 'ES', 'FR', 'GB', 'IN', 'KE', 'MX', 'NG', 'PH', 'US']))
  })

  it('says that production has no directory connected', async () => {
    const { deps } = testCatalogDeps()
    await expect(listDiscoveries(deps, PRODUCTION, {})).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })
})

describe('listUmaProviders', () => {
  it('filters by region, currency and allow list, newest name first by default', async () => {
    const { deps } = testCatalogDeps()
    const usd = await listUmaProviders(deps, SANDBOX_CALLER, { currencyCode: 'usd', includeBlocked: true }, { limit: 0, order: 'desc' })
    expect(usd.data.map((p) => p.name)).toEqual(['Sandbox US Money', 'Sandbox Mexico Remesas', 'Sandbox Lightning Wallet', 'Sandbox Bank Brasil'])
    expect(usd.totalCount).toBe(4)
    const allowed = await listUmaProviders(deps, SANDBOX_CALLER, { countryCode: 'MX', includeBlocked: false }, { limit: 0, order: 'asc' })
    expect(allowed.data.map((p) => p.name)).toEqual(['Sandbox Mexico Remesas'])
  })

  it('pages with an opaque cursor', async () => {
    const { deps } = testCatalogDeps()
    const first = await listUmaProviders(deps, SANDBOX_CALLER, { includeBlocked: true }, { limit: 4, order: 'asc' })
    expect(first).toMatchObject({ hasMore: true, totalCount: 6 })
    const second = await listUmaProviders(deps, SANDBOX_CALLER, { includeBlocked: true }, { limit: 4, cursor: first.nextCursor, order: 'asc' })
    expect(second).toMatchObject({ hasMore: false, nextCursor: undefined })
    expect(second.data.map((p) => p.name)).toEqual(['Sandbox Philippines Pay', 'Sandbox US Money'])
  })
})

describe('listVasps', () => {
  it('lists the directory by name, a page at a time', async () => {
    const { deps } = testCatalogDeps()
    const first = await listVasps(deps, SANDBOX_CALLER, { limit: 3 })
    expect(first.data.map((v) => v.vaspName)).toEqual(['Binance', 'Bitso', 'Bitstamp'])
    const rest = await listVasps(deps, SANDBOX_CALLER, { limit: 100, cursor: first.nextCursor })
    expect(rest.data).toContainEqual({ vaspName: 'Kraken', url: 'https://www.kraken.com' })
    expect(rest.hasMore).toBe(false)
  })
})
