import { join } from 'node:path'
import { createSqlPool, expiredIdempotencyKeys } from '@pp/db'
import { runService } from '@pp/service'
import { platformConfigClient } from './clients/platform.js'
import { collectionAccountsOf, loadLedgerConfig } from './config.js'
import { open, openDb } from './db/client.js'
import { startAchValidationJob } from './domain/external-accounts/ach-validation-job.js'
import { bankAccountSealing } from './domain/external-accounts/bank-account-sealing.js'
import { externalAccountsDeps } from './external-accounts-deps.js'
import { sealStoredAccounts } from './domain/external-accounts/seal-stored-accounts.js'
import { startEventConsumers } from './events/consumers.js'
import { customerDirectoryClient } from './rpc/external-accounts-customer-directory.js'
import { ledgerServiceRegistrations, startLedgerServer } from './rpc/server.js'

const config = loadLedgerConfig()
const OWNERSHIP_CHALLENGE_TTL_MS = 600_000
const ACH_VALIDATION_BATCH_MAX = 100

runService({
  name: 'ledger',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  pruned: [expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS)],
  async start({ logger, nats, verifier, dependencies }) {
    const db = openDb(config.DATABASE_URL)
    const sql = createSqlPool(config.DATABASE_URL)
    const sealing = bankAccountSealing(config.BANK_ACCOUNT_DATA_KEY, config.BANK_ACCOUNT_DATA_PREVIOUS_KEYS)
    const { sealed, duplicates } = await sealStoredAccounts(sql, sealing)
    if (sealed > 0) logger.info({ sealed, keyId: sealing.keyring.currentKeyId }, 'external account numbers sealed and identities keyed under the current key')
    if (duplicates.length > 0) logger.warn({ duplicates }, 'external accounts each equivalent to another live account of their owner and currency (registered twice during a rollout): delete one of the two')
    const now = () => new Date()
    const idempotencyKeyTtlMs = config.IDEMPOTENCY_KEY_TTL_MS
    const platformConfig = platformConfigClient(config.PLATFORM_GRPC_ADDRESS)
    const customers = customerDirectoryClient(config.CUSTOMERS_GRPC_ADDRESS)
    const externalAccounts = externalAccountsDeps(
      { db, sql, now, idempotencyKeyTtlMs, customers, sealing },
      { achValidationWindowMs: config.ACH_VALIDATION_WINDOW_MS, challengeTtlMs: OWNERSHIP_CHALLENGE_TTL_MS },
    )
    const deps = { db, sql, platformConfig, now, idempotencyKeyTtlMs, externalAccounts, collection: collectionAccountsOf(config) }
    const server = await startLedgerServer(config.GRPC_ADDRESS, ledgerServiceRegistrations(deps, logger), logger, dependencies, config.OPERATOR_GRPC_ADDRESS)
    const stopAchValidation = startAchValidationJob(
      externalAccounts,
      { databaseUrl: config.DATABASE_URL, batchMax: ACH_VALIDATION_BATCH_MAX },
      logger,
    )
    const consumers = nats.whenServing('event consumers', (connection) =>
      startEventConsumers(deps, connection, logger, {
        durablePrefix: config.EVENTS_CONSUMER_PREFIX,
        customerSubject: config.CUSTOMER_EVENTS_SUBJECT,
        platformSubject: config.PLATFORM_EVENTS_SUBJECT,
        verifier,
        startTime: config.EVENTS_CONSUMER_START_TIME,
      }),
    )
    return [
      () => server.shutdown(),
      () => consumers.stop(),
      () => stopAchValidation(),
      () => customers.close(),
      () => platformConfig.close(),
      () => open(db).$disconnect(),
      () => sql.end(),
    ]
  },
})
