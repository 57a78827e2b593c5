import { join } from 'node:path'
import { doneJobs, expiredIdempotencyKeys } from '@pp/db'
import { consumeCustomerDeletions } from '@pp/events'
import { sealingKeyring, secretBox } from '@pp/secrets'
import { runService } from '@pp/service'
import { grpcDirectory } from './clients/directory.js'
import { grpcCardLedger } from './clients/ledger.js'
import { grpcDelegatedKeys } from './clients/wallet-auth.js'
import { loadCardsConfig } from './config.js'
import { openSql } from './db/client.js'
import { CARD_JOBS } from './db/jobs.db.js'
import { closeCardsOfDeletedCustomer } from './domain/cards/close-card.js'
import type { CardsDeps } from './domain/deps.js'
import { unconfiguredIssuer } from './providers/issuer/production-issuer.js'
import { sandboxIssuer } from './providers/issuer/sandbox-issuer.js'
import { cardJobRunner } from './domain/jobs/job-runner.js'
import { expiredReveals } from './domain/reveal/reveal-retention.js'
import { resealCardNumbers } from './domain/secrets/card-number.js'
import { buildCardsServer } from './rpc/server.js'

const config = loadCardsConfig()
// the mesh shares one Postgres server's max_connections: one small pool (plus the job loops' two listeners)
const SQL_POOL_MAX = 5

runService({
  name: 'cards',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  // done jobs go safely: a deterministic id (recover:, expire:) is inserted once per message or
  // authorization whatever card_jobs holds, and close: again only for an authorization still open
  pruned: [expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS), expiredReveals, doneJobs(CARD_JOBS.table, config.JOB_RETENTION_MS)],
  async start({ logger, nats, verifier, dependencies }) {
    const sql = openSql(config.DATABASE_URL, SQL_POOL_MAX)
    const keyring = sealingKeyring(config.CARDS_SECRET_KEY, config.CARDS_PREVIOUS_SECRET_KEYS)
    const resealed = await resealCardNumbers(sql, keyring, secretBox(config.CARDS_SECRET_KEY))
    if (resealed > 0) logger.info({ resealed, keyId: keyring.currentKeyId }, 'card numbers sealed again under the current key')
    const directory = grpcDirectory({ customers: config.CUSTOMERS_GRPC_ADDRESS, ledger: config.LEDGER_GRPC_ADDRESS })
    const ledger = grpcCardLedger(config.LEDGER_GRPC_ADDRESS)
    const delegatedKeys = grpcDelegatedKeys(config.WALLET_AUTH_GRPC_ADDRESS)
    const deps: CardsDeps = {
      sql,
      directory,
      ledger,
      delegatedKeys,
      issuers: { SANDBOX: sandboxIssuer(config.SANDBOX_CARD_VERIFICATION_KEY), PRODUCTION: unconfiguredIssuer },
      keyring,
      revealKey: Buffer.from(config.CARD_REVEAL_SIGNING_KEY, 'hex'),
      settings: {
        maxLivePerPlatform: config.CARDS_MAX_LIVE_PER_PLATFORM,
        onePerCardholder: config.CARDS_ONE_PER_CARDHOLDER,
        activationDelayMs: config.SANDBOX_CARD_ACTIVATION_DELAY_MS,
        pullDelayMs: config.SANDBOX_CARD_PULL_DELAY_MS,
        revealTtlMs: config.CARD_REVEAL_TTL_MS,
        messageRecoveryMs: config.CARD_MESSAGE_RECOVERY_MS,
        authorizationExpiryMs: { PRODUCTION: config.CARD_AUTHORIZATION_EXPIRY_MS, SANDBOX: config.SANDBOX_CARD_AUTHORIZATION_EXPIRY_MS },
        jobsBatch: config.CARD_JOBS_BATCH,
      },
      idempotencyKeyTtlMs: config.IDEMPOTENCY_KEY_TTL_MS,
      logger,
      now: () => new Date(),
    }
    const jobs = cardJobRunner(deps, config.DATABASE_URL).start()
    // a deleted customer's cards close, their open authorizations released
    const deletions = nats.whenServing('customer deletions consumer', (connection) =>
      consumeCustomerDeletions({
        nats: connection,
        durableName: `${config.EVENTS_CONSUMER_PREFIX}-cards-customer-deletions`,
        logger,
        verifier,
        startTime: config.EVENTS_CONSUMER_START_TIME,
        retire: async (deleted) => void (await closeCardsOfDeletedCustomer(deps, deleted, deleted.customerId)),
      }),
    )
    const server = await buildCardsServer(deps, config.GRPC_ADDRESS, logger, dependencies)
    return [
      () => server.shutdown(),
      () => deletions.stop(),
      () => jobs.stop(),
      () => directory.close(),
      () => ledger.close(),
      () => delegatedKeys.close(),
      () => sql.end(),
    ]
  },
})
