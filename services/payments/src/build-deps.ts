import { readFileSync } from 'node:fs'
import type { SqlPool } from '@pp/db'
import type { Logger } from '@pp/logging'
import type { PaymentsConfig } from './config.js'
import type { Db } from './db/client.js'
import { receiverLookupStore } from './db/receiver-lookups.db.js'
import type { CatalogDeps } from './domain/catalog/deps.js'
import type { PaymentsDeps, Services } from './domain/deps.js'
import { feeScheduleFor } from './domain/quotes/fees.js'
import { parseSizeLimits, sizeLimitOf } from './domain/quotes/size-limits.js'
import { achSettingsOf, type AchConfig } from './domain/rails/ach/settings.js'
import { sepaSettingsOf, type SepaConfig } from './domain/rails/sepa/settings.js'
import { productionCatalog } from './providers/catalog/production-catalog.js'
import { sandboxCatalog } from './providers/catalog/sandbox-catalog.js'
import { sftpTransport } from './providers/sftp/sftp-transport.js'
import { productionPayoutRail, sandboxPayoutRail } from './providers/rails/payout-rails.js'
import { cachedRateSource, RATE_CACHE_TTL_MS_DEFAULT } from './providers/rates/rate-cache.js'
import { sandboxRateSource, unconfiguredRateSource } from './providers/rates/rate-sources.js'

type DepsConfig = Pick<
  PaymentsConfig,
  'IDEMPOTENCY_KEY_TTL_MS' | 'QUOTE_TTL_MS' | 'QUOTE_SERVICE_FEE_BPS' | 'TRANSACTION_SIZE_LIMITS' | 'SANDBOX_PENDING_FAILURE_DELAY' | 'SANDBOX_SLOW_SETTLEMENT_DELAY' | 'SANDBOX_RETURN_DELAY'
> &
  AchConfig &
  SepaConfig

/**
 * The deps of the process from its configuration: sandbox providers for sandbox tenants; for
 * production, the rails its settings configure (ACH with ACH_SFTP_HOST, SEPA with SEPA_SFTP_HOST)
 * and unconfigured ones otherwise.
 */
export function paymentsDeps(config: DepsConfig, db: Db, sql: SqlPool, services: Services, logger: Logger): PaymentsDeps {
  const now = () => new Date()
  const readKey = (path: string) => readFileSync(path, 'utf8')
  const achSettings = achSettingsOf(config, readKey)
  const sepaSettings = sepaSettingsOf(config, readKey)
  return {
    ach: achSettings && { settings: achSettings, transport: sftpTransport(achSettings.sftp) },
    sepa: sepaSettings && { settings: sepaSettings, transport: sftpTransport(sepaSettings.sftp) },
    lookups: receiverLookupStore(db),
    db,
    sql,
    services,
    rates: { SANDBOX: sandboxRateSource(now), PRODUCTION: unconfiguredRateSource(now) },
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
