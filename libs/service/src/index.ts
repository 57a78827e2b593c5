import { setTimeout as sleep } from 'node:timers/promises'
import { ensureDatabase, isDatabaseUnavailable, migrate, postgresHealth, roleOf, serverOf, startPruning, type PostgresHealth, type PruneRule } from '@pp/db'
import { configureGrpcTransport, configureTenantTokens, type GrpcTlsFiles } from '@pp/grpc'
import {
  ensureEventsStream,
  eventVerifierOf,
  linkNats,
  publishedOutboxEvents,
  signingKeyOf,
  startOutboxRelay,
  verifyKeysOf,
  natsClientOptionsOf,
  type EventSigningSettings,
  type EventVerifier,
  type NatsClientSettings,
  type NatsLink,
} from '@pp/events'
import { createLogger, type Logger } from '@pp/logging'
import { serveMetrics } from '@pp/metrics'
import { startTracing } from '@pp/tracing'

export interface ServiceRuntime {
  logger: Logger
  /**
   * The process's NATS: start consumers with `nats.whenServing`, and give it to the gRPC server as
   * a dependency so that health reports it.
   */
  nats: NatsLink
  /** Give it to every consumer of events: it drops what the named source did not sign. */
  verifier: EventVerifier
  /**
   * What the service's readiness depends on (its NATS and its own Postgres): give it to the gRPC
   * server, whose health service then reports each and `readiness` for them together.
   */
  dependencies: [NatsLink, PostgresHealth]
}

export type Stopper = () => Promise<void> | void

/** The storage limits every service's config carries (libs/config `storageLimitsConfig`). */
export interface StorageLimits {
  OUTBOX_RETENTION_MS: number
  EVENTS_STREAM_MAX_AGE_MS: number
  EVENTS_STREAM_MAX_BYTES: number
}

/**
 * The settings of the base config every service loads (libs/config: `databaseConfig`,
 * `baseConfigSchema`, `storageLimitsConfig`, `eventSigningConfig`) that running it needs.
 */
export type ServiceProcessConfig = StorageLimits &
  EventSigningSettings &
  NatsClientSettings &
  GrpcTlsFiles & {
    /** The runtime role's connection: rows only, no DDL, no TRUNCATE. */
    DATABASE_URL: string
    /**
     * The migration role's connection, which creates the database, applies the migrations and
     * grants the runtime role its row access; the runtime URL when unset (local development, one
     * role for both).
     */
    MIGRATION_DATABASE_URL?: string | undefined
    NATS_URL: string
    LOG_LEVEL: string
    /** Where `GET /metrics` is served; no metrics server when absent. */
    METRICS_ADDRESS?: string | undefined
  }

export interface RunServiceOptions {
  name: string
  /** The service's loaded config: its database, NATS, identity, event keys and storage limits. */
  config: ServiceProcessConfig
  migrationsDir: string
  /**
   * The service's own rows that go with age (expired idempotency keys, old deliveries), pruned with
   * its published outbox rows.
   */
  pruned?: PruneRule[]
  /** Starts the service's own parts (database client, gRPC server, workers); returns their stoppers in stop order. */
  start(runtime: ServiceRuntime): Promise<Stopper[]>
}

const DATABASE_RETRY_DELAY_MS_MAX = 5_000

/**
 * The life of every service process: its database created and migrated (waiting for a Postgres
 * that does not accept connections yet), then the service's own parts. NATS is not waited for:
 * the process serves its API while NATS is down, its events wait in its outbox, and the outbox
 * relay and the service's consumers start once NATS answers (health reports `nats` NOT_SERVING
 * meanwhile); the EVENTS stream gets the configured limits then. Rows that go with age are pruned
 * in the background (`startPruning`). The relay signs every event with the service's own key, and
 * the runtime's `verifier` checks every event its consumers read (@pp/events). With `METRICS_ADDRESS`, `GET /metrics` is served there; with an OTLP endpoint configured, traces are exported (@pp/tracing). SIGINT or SIGTERM stops the service's parts first (the gRPC
 * server drains its calls), then the relay and the pruning, then NATS, and exits 0; a failure at
 * start-up exits 1.
 */
export function runService(options: RunServiceOptions): void {
  const logger = createLogger(options.name, options.config.LOG_LEVEL)
  boot(options, logger).catch((err: unknown) => {
    logger.fatal({ err }, `${options.name} service failed to start`)
    process.exit(1)
  })
}

async function boot(options: RunServiceOptions, logger: Logger): Promise<void> {
  // key and NATS user files are read first: a production process without them stops before touching anything
  const { config } = options
  const signingKey = signingKeyOf(config, options.name)
  const verifyKeys = verifyKeysOf(config)
  const verifier = eventVerifierOf(config, logger, verifyKeys)
  const natsClient = natsClientOptionsOf(config)
  const tracing = await startTracing(options.name)
  configureGrpcTransport(config)
  configureTenantTokens(verifyKeys)
  const streamLimits = { maxAgeMs: config.EVENTS_STREAM_MAX_AGE_MS, maxBytes: config.EVENTS_STREAM_MAX_BYTES }
  // connecting runs in the background while the database gets ready
  const nats = linkNats({ url: config.NATS_URL, name: options.name, client: natsClient, logger, prepare: (connection) => ensureEventsStream(connection, streamLimits) })
  await prepareDatabase(options, logger)
  const pruning = startPruning({
    databaseUrl: config.DATABASE_URL,
    logger,
    rules: [publishedOutboxEvents(config.OUTBOX_RETENTION_MS), ...(options.pruned ?? [])],
  })
  const relay = nats.whenServing('outbox relay', async (connection) =>
    startOutboxRelay({ databaseUrl: config.DATABASE_URL, nats: connection, logger, signingKey }),
  )
  const metrics = config.METRICS_ADDRESS ? await serveMetrics(config.METRICS_ADDRESS) : undefined
  const postgres = postgresHealth(config.DATABASE_URL)
  const stoppers = await options.start({ logger, nats, verifier, dependencies: [nats, postgres] })

  let isStopping = false
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (isStopping) return
    isStopping = true
    logger.info({ signal }, 'shutting down')
    for (const stopper of stoppers) await stopper()
    await relay.stop()
    await pruning.stop()
    await postgres.close()
    await metrics?.close()
    await tracing.shutdown()
    await nats.close()
    process.exit(0)
  }
  process.once('SIGINT', (signal) => void stop(signal))
  process.once('SIGTERM', (signal) => void stop(signal))
}

/**
 * Creates and migrates the service's database as the migration role, which then grants the runtime
 * role its row access. A server that does not take connections yet (still starting, restarting,
 * or not reachable) is waited for with a growing delay and a log line per try; any other failure
 * ends the start.
 */
async function prepareDatabase(options: RunServiceOptions, logger: Logger): Promise<void> {
  const { DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: migrationUrl = databaseUrl } = options.config
  const runtimeRole = roleOf(databaseUrl)
  // one role for both (local development): nothing to grant
  const grants = runtimeRole === roleOf(migrationUrl) ? {} : { runtimeRole }
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ensureDatabase(migrationUrl)
      const { applied } = await migrate(migrationUrl, options.migrationsDir, grants)
      logger.info({ applied, runtimeRole }, 'database migrated')
      return
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err
      const retryInMs = Math.min(DATABASE_RETRY_DELAY_MS_MAX, 250 * 2 ** Math.min(attempt - 1, 10))
      const reason = (err as { code?: string }).code ?? (err as Error).message
      logger.warn({ attempt, retryInMs }, `Postgres at ${serverOf(databaseUrl)} does not accept connections (${reason}); retrying`)
      await sleep(retryInMs)
    }
  }
}
