import type { CatalogDeps } from './deps.js'
import type { Page } from '@pp/paging'
import { pageByKey, type PageRequest } from './paging.js'
import type { CatalogCaller, Discovery, UmaProvider, Vasp } from './types.js'

export interface DiscoveryFilter {
  country?: string
  currency?: string
}

/** The receiving institutions of a corridor, every corridor's when neither filter is given. */
export async function listDiscoveries(deps: CatalogDeps, caller: CatalogCaller, filter: DiscoveryFilter): Promise<Discovery[]> {
  const all = await deps.catalog[caller.environment].discoveries()
  return all.filter(
    (d) => (!filter.country || d.country === filter.country.toUpperCase()) && (!filter.currency || d.currency === filter.currency.toUpperCase()),
  )
}

export interface UmaProviderFilter {
  countryCode?: string
  currencyCode?: string
  /** false leaves out providers that are not on the platform's allow list. */
  includeBlocked: boolean
}

/** UMA providers by name, one keyset page at a time. */
export async function listUmaProviders(
  deps: CatalogDeps,
  caller: CatalogCaller,
  filter: UmaProviderFilter,
  page: PageRequest,
): Promise<Page<UmaProvider>> {
  const country = filter.countryCode?.toUpperCase()
  const currency = filter.currencyCode?.toUpperCase()
  const all = await deps.catalog[caller.environment].umaProviders()
  const matching = all.filter(
    (p) =>
      (filter.includeBlocked || p.allowListStatus) &&
      (!country || p.supportedRegions.includes(country)) &&
      (!currency || p.supportedCurrencies.includes(currency)),
  )
  return pageByKey(matching, (p) => p.name, page)
}

/** The VASP directory by name, one keyset page at a time. */
export async function listVasps(deps: CatalogDeps, caller: CatalogCaller, page: Omit<PageRequest, 'order'>): Promise<Page<Vasp>> {
  const all = await deps.catalog[caller.environment].vasps()
  return pageByKey(all, (v) => v.vaspName, { ...page, order: 'asc' })
}
