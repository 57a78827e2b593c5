import { join } from 'node:path'
import { ensureDatabase, migrate } from '@pp/db'
import { connectNats, ensureEventsStream, startOutboxRelay } from '@pp/events'
import { createLogger } from '@pp/logging'
import { platformConfigClient } from './clients/platform.js'
import { loadCustomersConfig } from './config.js'
import { openDb } from './db/client.js'
import { agreementCatalogue } from './domain/consents/agreements.js'
import { verificationProviders } from './domain/verification/provider.js'
import { buildCustomersServer } from './rpc/server.js'

const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')

async function main(): Promise<void> {
  const config = loadCustomersConfig()
  const logger = createLogger('customers', config.LOG_LEVEL)
  await ensureDatabase(config.DATABASE_URL)
  const { applied } = await migrate(config.DATABASE_URL, MIGRATIONS_DIR)
  logger.info({ applied }, 'database migrated')
  const db = openDb(config.DATABASE_URL)
  const platformConfig = platformConfigClient(config.PLATFORM_GRPC_ADDRESS)
  const nats = await connectNats(config.NATS_URL, 'customers')
  await ensureEventsStream(nats)
  const relay = startOutboxRelay({ databaseUrl: config.DATABASE_URL, nats, logger })
  const agreements = agreementCatalogue()
  const deps = { db, platformConfig, verification: verificationProviders, agreements, now: () => new Date() }
  const server = await buildCustomersServer(deps, config.GRPC_ADDRESS, logger)

  let isStopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (isStopping) return
    isStopping = true
    logger.info({ signal }, 'shutting down')
    await server.shutdown()
    await relay.stop()
    platformConfig.close()
    await db.$disconnect()
    await nats.drain()
    process.exit(0)
  }
  process.once('SIGINT', (signal) => void stop(signal))
  process.once('SIGTERM', (signal) => void stop(signal))
}

main().catch((err: unknown) => {
  console.error('customers service failed to start', err)
  process.exit(1)
})
