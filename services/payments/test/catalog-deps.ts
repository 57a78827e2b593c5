import { ApiError } from '@pp/errors'
import { sandboxRateSource, unconfiguredRateSource } from '../src/providers/rates/rate-sources.js'
import type { CatalogDeps, ExternalAccountFacts, InternalAccountFacts, ReceiverLookupRecord } from '../src/domain/catalog/deps.js'
import { productionCatalog } from '../src/providers/catalog/production-catalog.js'
import { sandboxCatalog } from '../src/providers/catalog/sandbox-catalog.js'
import type { CatalogCaller } from '../src/domain/catalog/types.js'

export const SANDBOX_CALLER: CatalogCaller = { platformId: 'Platform:1', environment: 'SANDBOX', requestId: 'req-1' }

export interface FakeLedger {
  internal: Map<string, InternalAccountFacts>
  external: Map<string, ExternalAccountFacts>
}

/**
 * Catalogue deps with the real sandbox catalogue and rate table, and in-memory stand-ins for
 * the ledger, the platform's pricing and the look-up table (the gRPC and database adapters are
 * tested on their own against the real things).
 */
export function testCatalogDeps(overrides: Partial<CatalogDeps> = {}) {
  const ledger: FakeLedger = { internal: new Map(), external: new Map() }
  const saved: ReceiverLookupRecord[] = []
  const notFound = () => new ApiError('ACCOUNT_NOT_FOUND')
  const deps: CatalogDeps = {
    catalog: { SANDBOX: sandboxCatalog, PRODUCTION: productionCatalog },
    rates: { SANDBOX: sandboxRateSource(() => new Date('2026-01-01T00:00:00Z')), PRODUCTION: unconfiguredRateSource() },
    pricing: {
      feesOf: async () => (source) =>
        source === 'USD'
          ? { serviceFixedFee: 10n, serviceVariableFeeBps: 0, platformFixedFee: 40n, platformVariableFeeBps: 50 }
          : { serviceFixedFee: 0n, serviceVariableFeeBps: 0, platformFixedFee: 0n, platformVariableFeeBps: 0 },
      maxSendingAmount: () => 10_000_000n,
    },
    accounts: {
      internalAccount: async (_caller, id) => ledger.internal.get(id) ?? Promise.reject(notFound()),
      externalAccount: async (_caller, id) => ledger.external.get(id) ?? Promise.reject(notFound()),
    },
    lookups: { save: async (_caller, lookup) => void saved.push(lookup), find: async (_tenant, id) => saved.find((lookup) => lookup.id === id) },
    now: () => new Date('2026-01-01T00:00:05Z'),
    ...overrides,
  }
  return { deps, ledger, saved }
}
