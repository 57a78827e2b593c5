import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeSenderOf } from '@pp/outbound-messages'
import { createSqlPool, expiredIdempotencyKeys } from '@pp/db'
import { codeMac, createSecretHasher, sealingKeyring, secretBox } from '@pp/secrets'
import { runService } from '@pp/service'
import { platformConfigClient } from './clients/platform.js'
import { walletContactsClient } from './clients/wallet-auth.js'
import { loadCustomersConfig } from './config.js'
import { open, openDb } from './db/client.js'
import { agreementCatalogue } from './domain/consents/agreements.js'
import { productionContactCodes } from './providers/verification/contact-codes.js'
import { kycDecisionsOf } from './providers/kyc-vendor/settings.js'
import { verificationProviders } from './providers/verification/verification-providers.js'
import { consumePlatformConfigChanges } from './events/uma-domain-consumer.js'
import { buildCustomersServer } from './rpc/server.js'
import { startImportWorker } from './workers/import-worker.js'
import { sealStoredIdentifiers } from './domain/personal-data/seal-stored-identifiers.js'

const config = loadCustomersConfig()

runService({
  name: 'customers',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  pruned: [expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS)],
  async start({ logger, nats, verifier, dependencies }) {
    const db = openDb(config.DATABASE_URL)
    const sql = createSqlPool(config.DATABASE_URL)
    const personalData = sealingKeyring(config.PERSONAL_DATA_KEY, config.PERSONAL_DATA_PREVIOUS_KEYS)
    const sealed = await sealStoredIdentifiers(sql, personalData)
    if (sealed > 0) logger.info({ sealed, keyId: personalData.currentKeyId }, 'identification numbers sealed under the current key')
    const platformConfig = platformConfigClient(config.PLATFORM_GRPC_ADDRESS)
    const walletContacts = walletContactsClient(config.WALLET_AUTH_GRPC_ADDRESS)
    const settings = {
      kycLinkTtlMs: config.KYC_LINK_TTL_MS,
      contactCodeTtlMs: config.CONTACT_CODE_TTL_MS,
      contactCodeAttemptsMax: config.CONTACT_CODE_ATTEMPTS_MAX,
      contactCodesPerHour: config.CONTACT_CODES_PER_HOUR,
      contactCodeResendIntervalMs: config.CONTACT_CODE_RESEND_INTERVAL_MS,
    }
    const sca = {
      box: secretBox(config.SCA_SECRET_KEY),
      recoveryCodes: createSecretHasher(config.SCA_RECOVERY_CODE_SCRYPT_LOG_N),
      webauthn: { rpId: config.WEBAUTHN_RP_ID, origins: config.WEBAUTHN_ORIGINS },
      sessionTtlMs: config.SCA_SESSION_TTL_MS,
      challengeTtlMs: config.SCA_CHALLENGE_TTL_MS,
      resendIntervalMs: config.SCA_RESEND_INTERVAL_MS,
      resetTtlMs: config.SCA_RESET_TTL_MS,
    }
    const codeSender = codeSenderOf(config, (path) => readFileSync(path, 'utf8'), logger)
    const deps = {
      db, sql, platformConfig, walletContacts, verification: verificationProviders(codeSender && productionContactCodes(codeSender)),
      kycDecisions: kycDecisionsOf(config, (path) => readFileSync(path, 'utf8')),
      agreements: agreementCatalogue(), settings, sca, now: () => new Date(),
      codes: codeMac(config.SCA_SECRET_KEY, 'customers/short-codes'),
      personalData,
      idempotencyKeyTtlMs: config.IDEMPOTENCY_KEY_TTL_MS,
    }
    const server = await buildCustomersServer(deps, config.GRPC_ADDRESS, logger, dependencies, config.OPERATOR_GRPC_ADDRESS)
    const platformChanges = nats.whenServing('platform config consumer', (connection) =>
      consumePlatformConfigChanges(deps, connection, logger, { durablePrefix: config.EVENTS_CONSUMER_PREFIX, verifier, startTime: config.EVENTS_CONSUMER_START_TIME }),
    )
    const importWorker = startImportWorker(
      deps,
      { batchRows: config.IMPORT_BATCH_ROWS, leaseMs: config.IMPORT_LEASE_MS, databaseUrl: config.DATABASE_URL },
      logger,
    )
    return [() => server.shutdown(), () => platformChanges.stop(), () => importWorker.stop(), () => platformConfig.close(), () => walletContacts.close(), () => codeSender?.close(), () => open(db).$disconnect(), () => sql.end()]
  },
})
