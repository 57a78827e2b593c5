import { readFileSync } from 'node:fs'
import type { SqlPool } from '@pp/db'
import type { Logger } from '@pp/logging'
import type { PaymentsConfig } from './config.js'
import type { Db } from './db/client.js'
import { currentRateCurrencies, unendedPairRates } from './db/operator-rates.db.js'
import { receiverLookupStore } from './db/receiver-lookups.db.js'
import type { CatalogDeps } from './domain/catalog/deps.js'
import type { CatalogProvider } from './domain/catalog/provider.js'
import type { PaymentsDeps, Services } from './domain/deps.js'
import { feeScheduleFor } from './domain/quotes/fees.js'
import { parseSizeLimits, sizeLimitOf } from './domain/quotes/size-limits.js'
import { achSettingsOf, type AchConfig } from './domain/rails/ach/settings.js'
import { sepaSettingsOf, type SepaConfig } from './domain/rails/sepa/settings.js'
import type { RateSource } from './domain/rates/rate-source.js'
import { ratesSettingsOf, type RatesConfig, type RatesSettings } from './domain/rates/settings.js'
import { offersCorridor } from './providers/catalog/catalog-file.js'
import { configuredCatalog } from './providers/catalog/configured-catalog.js'
import { productionCatalog } from './providers/catalog/production-catalog.js'
import { sandboxCatalog } from './providers/catalog/sandbox-catalog.js'
import { sftpTransport } from './providers/sftp/sftp-transport.js'
import { productionPayoutRail, sandboxPayoutRail } from './providers/rails/payout-rails.js'
import { feedRateSource } from './providers/rates/feed-rate-source.js'
import { operatorRateSource } from './providers/rates/operator-rate-source.js'
import { cachedRateSource } from './providers/rates/rate-cache.js'
import { sandboxRateSource, unconfiguredRateSource } from './providers/rates/rate-sources.js'

type DepsConfig = Pick<
  PaymentsConfig,
  'IDEMPOTENCY_KEY_TTL_MS' | 'CATALOG_FILE' | 'QUOTE_TTL_MS' | 'QUOTE_SERVICE_FEE_BPS' | 'TRANSACTION_SIZE_LIMITS' | 'SANDBOX_PENDING_FAILURE_DELAY' | 'SANDBOX_SLOW_SETTLEMENT_DELAY' | 'SANDBOX_RETURN_DELAY'
> &
  AchConfig &
  SepaConfig &
  RatesConfig

/** Production's rate source as RATES_SOURCE chooses it; unset, cross-currency quotes answer QUOTE_RATE_UNAVAILABLE. */
function productionRates(settings: RatesSettings | undefined, db: Db, logger: Logger, now: () => Date): RateSource {
  if (settings?.source === 'operator') {
    return operatorRateSource({ unendedPairRates: (from, to, at) => unendedPairRates(db, from, to, at), currentCurrencies: (at) => currentRateCurrencies(db, at) }, now)
  }
  if (settings?.source === 'feed') return feedRateSource(settings, logger, now)
  return unconfiguredRateSource(now)
}

/**
 * Production's rates behind this replica's cache, and with operator rates, what setting one does:
 * drop this replica's cached rates (other replicas see it when their cache entries expire).
 */
export function productionRateDeps(settings: RatesSettings | undefined, cacheTtlMs: number, db: Db, logger: Logger, now: () => Date): Pick<PaymentsDeps, 'operatorRates'> & { rates: RateSource } {
  const cached = cachedRateSource(productionRates(settings, db, logger, now), cacheTtlMs, now)
  return { rates: cached, operatorRates: settings?.source === 'operator' ? { changed: () => cached.forget() } : undefined }
}

/**
 * The deps of the process from its configuration: sandbox providers for sandbox tenants; for
 * production, the rails its settings configure (ACH with ACH_SFTP_HOST, SEPA with SEPA_SFTP_HOST),
 * the rate source RATES_SOURCE names, and unconfigured ones otherwise. Each environment's rates
 * are behind this replica's cache (RATES_CACHE_TTL_MS), which quotes and the catalogue share.
 */
export function paymentsDeps(config: DepsConfig, db: Db, sql: SqlPool, services: Services, logger: Logger): PaymentsDeps {
  const now = () => new Date()
  const readKey = (path: string) => readFileSync(path, 'utf8')
  const achSettings = achSettingsOf(config, readKey)
  const sepaSettings = sepaSettingsOf(config, readKey)
  const production = productionRateDeps(ratesSettingsOf(config), config.RATES_CACHE_TTL_MS, db, logger, now)
  return {
    ach: achSettings && { settings: achSettings, transport: sftpTransport(achSettings.sftp) },
    sepa: sepaSettings && { settings: sepaSettings, transport: sftpTransport(sepaSettings.sftp) },
    lookups: receiverLookupStore(db),
    db,
    sql,
    services,
    rates: { SANDBOX: cachedRateSource(sandboxRateSource(now), config.RATES_CACHE_TTL_MS, now), PRODUCTION: production.rates },
    operatorRates: production.operatorRates,
    corridors: config.CATALOG_FILE && { offers: (from, to) => offersCorridor(config.CATALOG_FILE!, from, to) },
    rails: { SANDBOX: sandboxPayoutRail, PRODUCTION: productionPayoutRail({ achConfigured: achSettings !== undefined, sepaConfigured: sepaSettings !== undefined }) },
    settings: {
      quoteTtlMs: config.QUOTE_TTL_MS,
      serviceFeeBps: config.QUOTE_SERVICE_FEE_BPS,
      sizeLimits: parseSizeLimits(config.TRANSACTION_SIZE_LIMITS),
      delays: {
        PENDING_FAILURE: config.SANDBOX_PENDING_FAILURE_DELAY,
        SLOW_SETTLEMENT: config.SANDBOX_SLOW_SETTLEMENT_DELAY,
        RETURN: config.SANDBOX_RETURN_DELAY,
      },
    },
    now,
    idempotencyKeyTtlMs: config.IDEMPOTENCY_KEY_TTL_MS,
    logger,
  }
}

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

/** Production's catalogue: CATALOG_FILE's corridors when set, else answers saying no provider is connected. */
export const productionCatalogOf = (config: Pick<PaymentsConfig, 'CATALOG_FILE'>): CatalogProvider =>
  config.CATALOG_FILE ? configuredCatalog(config.CATALOG_FILE) : productionCatalog

/**
 * The catalogue's deps from the payments process's own: the same fees, size limits, rates (and
 * their cache) and service clients its quotes use.
 */
export function catalogDepsFrom(deps: PaymentsDeps, production: CatalogProvider = productionCatalog): CatalogDeps {
  const { services, settings, now } = deps
  return {
    catalog: { SANDBOX: sandboxCatalog, PRODUCTION: production },
    rates: deps.rates,
    corridors: deps.corridors,
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
