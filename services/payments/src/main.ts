import { join } from 'node:path'
import { startGrpcServer } from '@pp/grpc'
import { createSqlPool, doneJobs, expiredIdempotencyKeys } from '@pp/db'
import { runService } from '@pp/service'
import { withCachedAccountFacts } from './clients/cached-account-facts.js'
import { withCachedPlatformFacts } from './clients/cached-platform-facts.js'
import { grpcServices } from './clients/services.js'
import { loadPaymentsConfig } from './config.js'
import { open, openDb } from './db/client.js'
import { PAYMENT_JOBS } from './db/jobs.db.js'
import { catalogDepsFrom, paymentsDeps, productionCatalogOf } from './build-deps.js'
import { oldestProcessingPayoutSince } from './db/transactions.db.js'
import { startWorkers } from './domain/jobs/workers.js'
import { registerOldestProcessingGauge } from './domain/rails/bank-files/metrics.js'
import { startAchWorkers } from './domain/rails/ach/workers.js'
import { startSepaWorkers } from './domain/rails/sepa/workers.js'
import { achValidationRequested } from './events/ach-validation-requested.js'
import { cardTransactionRecorded } from './events/card-transaction-recorded.js'
import { consumeFact, type Fact } from './events/fact-consumer.js'
import { fundsCredited } from './events/ledger-funds-credited.js'
import { paymentsCallers } from './rpc/callers.js'
import { catalogServiceRegistration } from './rpc/catalog-service.js'
import { paymentsOperatorRegistration } from './rpc/operator-service.js'
import { paymentsServiceRegistration } from './rpc/server.js'

const config = loadPaymentsConfig()
const JOB_BATCH = 50

runService({
  name: 'payments',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  // job ids are random (newId), inserted as their transaction moves: a pruned job is never inserted again
  pruned: [expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS), doneJobs(PAYMENT_JOBS.table, config.JOB_RETENTION_MS)],
  async start({ logger, nats, verifier, dependencies }) {
    const db = openDb(config.DATABASE_URL)
    const sql = createSqlPool(config.DATABASE_URL)
    const services = withCachedAccountFacts(
      withCachedPlatformFacts(
        grpcServices({
          ledger: config.LEDGER_GRPC_ADDRESS,
          customers: config.CUSTOMERS_GRPC_ADDRESS,
          platform: config.PLATFORM_GRPC_ADDRESS,
          walletAuth: config.WALLET_AUTH_GRPC_ADDRESS,
        }),
        config.PLATFORM_FACTS_CACHE_MS,
      ),
    )
    const deps = paymentsDeps(config, db, sql, services, logger)
    const server = await startGrpcServer(
      config.GRPC_ADDRESS,
      [paymentsServiceRegistration(deps, logger), catalogServiceRegistration(catalogDepsFrom(deps, productionCatalogOf(config)), logger), paymentsOperatorRegistration(deps, logger)],
      logger,
      { dependencies, callers: paymentsCallers, operatorAddress: config.OPERATOR_GRPC_ADDRESS },
    )
    const workers = startWorkers(deps, {
      databaseUrl: config.DATABASE_URL,
      recoveryAfterMs: config.RECOVERY_AFTER_MS,
      batch: JOB_BATCH,
    })
    const achWorkers = deps.ach && startAchWorkers(deps, deps.ach, { databaseUrl: config.DATABASE_URL, batch: JOB_BATCH })
    const sepaWorkers = deps.sepa && startSepaWorkers(deps, deps.sepa, { databaseUrl: config.DATABASE_URL })
    registerOldestProcessingGauge(() => oldestProcessingPayoutSince(db), deps.now)
    const consume = <T,>(subject: string, fact: Fact<T>) =>
      nats.whenServing(`${fact.consumer} consumer`, (connection) =>
        consumeFact(deps, connection, { durablePrefix: config.EVENTS_CONSUMER_PREFIX, subject, verifier, startTime: config.EVENTS_CONSUMER_START_TIME }, fact),
      )
    const consumers = [
      consume(config.LEDGER_FUNDS_CREDITED_SUBJECT, fundsCredited),
      consume(config.CARD_TRANSACTION_RECORDED_SUBJECT, cardTransactionRecorded),
      consume(config.LEDGER_ACH_VALIDATION_REQUESTED_SUBJECT, achValidationRequested),
    ]
    return [() => server.shutdown(), ...consumers.map((consumer) => () => consumer.stop()), () => workers.stop(), async () => achWorkers?.stop(), async () => sepaWorkers?.stop(), () => services.close(), () => open(db).$disconnect(), () => sql.end()]
  },
})
