import type { NatsConnection } from '@nats-io/transport-node'
import { ensureDatabase, migrate } from '@pp/db'
import { connectNats, ensureEventsStream, startOutboxRelay } from '@pp/events'
import { createLogger, type Logger } from '@pp/logging'

export interface ServiceRuntime {
  logger: Logger
  nats: NatsConnection
}

export type Stopper = () => Promise<void> | void

export interface RunServiceOptions {
  name: string
  databaseUrl: string
  natsUrl: string
  logLevel: string
  migrationsDir: string
  /** Starts the service's own parts (database client, gRPC server, workers); returns their stoppers in stop order. */
  start(runtime: ServiceRuntime): Promise<Stopper[]>
}

/**
 * The life of every service process: its database created and migrated, NATS and the EVENTS
 * stream ready, the outbox relay running, then the service's own parts. SIGINT or SIGTERM stops
 * the service's parts first (the gRPC server drains its calls), then the relay, then NATS, and
 * exits 0; a failure at start-up exits 1.
 */
export function runService(options: RunServiceOptions): void {
  const logger = createLogger(options.name, options.logLevel)
  boot(options, logger).catch((err: unknown) => {
    logger.fatal({ err }, `${options.name} service failed to start`)
    process.exit(1)
  })
}

async function boot(options: RunServiceOptions, logger: Logger): Promise<void> {
  // the database and NATS do not depend on each other: get both ready at once
  const [nats] = await Promise.all([connectToEvents(options), prepareDatabase(options, logger)])
  const relay = startOutboxRelay({ databaseUrl: options.databaseUrl, nats, logger })
  const stoppers = await options.start({ logger, nats })

  let isStopping = false
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (isStopping) return
    isStopping = true
    logger.info({ signal }, 'shutting down')
    for (const stopper of stoppers) await stopper()
    await relay.stop()
    await nats.drain()
    process.exit(0)
  }
  process.once('SIGINT', (signal) => void stop(signal))
  process.once('SIGTERM', (signal) => void stop(signal))
}

async function prepareDatabase(options: RunServiceOptions, logger: Logger): Promise<void> {
  await ensureDatabase(options.databaseUrl)
  const { applied } = await migrate(options.databaseUrl, options.migrationsDir)
  logger.info({ applied }, 'database migrated')
}

async function connectToEvents(options: RunServiceOptions): Promise<NatsConnection> {
  const nats = await connectNats(options.natsUrl, options.name)
  await ensureEventsStream(nats)
  return nats
}
