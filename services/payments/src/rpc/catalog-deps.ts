import type { Services } from '../domain/deps.js'
import { receiverLookupStore } from '../db/receiver-lookups.db.js'
import type { CatalogDeps } from '../domain/catalog/deps.js'
import { productionCatalog } from '../domain/catalog/provider.js'
import { cachedRateSource, RATE_CACHE_TTL_MS_DEFAULT } from '../domain/catalog/rate-cache.js'
import { sandboxCatalog } from '../domain/catalog/sandbox/index.js'
import type { PaymentsDeps } from '../domain/deps.js'
import { feeScheduleFor } from '../domain/quotes/fees.js'
import { sizeLimitOf } from '../domain/quotes/size-limits.js'

/** The ledger's answers reduced to what the catalogue reads; the same calls quotes make. */
const accountsOf = (services: Services): CatalogDeps['accounts'] => ({
  async internalAccount(caller, id) {
    const account = await services.internalAccount(caller, id)
    return { id, currency: account.currency }
  },
  async externalAccount(caller, id) {
    const { account } = await services.usableExternalAccount(caller, id)
    return { id, currency: account.currency, paymentRails: account.accountInfo?.paymentRails ?? [] }
  },
})

/**
 * The catalogue's deps from the payments process's own: the same fees, size limits, rates and
 * service clients its quotes use, the rates behind this replica's cache.
 */
export function catalogDepsFrom(deps: PaymentsDeps, rateCacheTtlMs = RATE_CACHE_TTL_MS_DEFAULT): CatalogDeps {
  const { services, settings, now } = deps
  return {
    catalog: { SANDBOX: sandboxCatalog, PRODUCTION: productionCatalog },
    rates: {
      SANDBOX: cachedRateSource(deps.rates.SANDBOX, rateCacheTtlMs, now),
      PRODUCTION: cachedRateSource(deps.rates.PRODUCTION, rateCacheTtlMs, now),
    },
    pricing: {
      async feesOf(caller) {
        const platform = await services.platform(caller)
        return (source, destination) => feeScheduleFor(settings.serviceFeeBps, platform, source, destination, undefined)
      },
      maxSendingAmount: (source, destination) => sizeLimitOf(settings.sizeLimits, source, destination),
    },
    accounts: accountsOf(services),
    lookups: receiverLookupStore(deps.db),
    now,
  }
}
