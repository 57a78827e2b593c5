import { join } from 'node:path'
import { ensureDatabase, migrate } from '@pp/db'
import { connectNats, ensureEventsStream, startOutboxRelay } from '@pp/events'
import { createLogger } from '@pp/logging'
import { loadPlatformServiceConfig } from './config.js'
import { createPlatformDb } from './db/client.js'
import { startPlatformServer } from './rpc/server.js'

const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')

async function main(): Promise<void> {
  const config = loadPlatformServiceConfig()
  const logger = createLogger('platform', config.LOG_LEVEL)
  await ensureDatabase(config.DATABASE_URL)
  const { applied } = await migrate(config.DATABASE_URL, MIGRATIONS_DIR)
  logger.info({ applied }, 'database migrated')
  const db = createPlatformDb(config.DATABASE_URL)
  const nats = await connectNats(config.NATS_URL, 'platform')
  await ensureEventsStream(nats)
  const relay = startOutboxRelay({ databaseUrl: config.DATABASE_URL, nats, logger })
  const server = await startPlatformServer({
    address: config.GRPC_ADDRESS,
    db,
    logger,
    secretCostLog2: config.TOKEN_SECRET_SCRYPT_LOG_N,
  })

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    await server.shutdown()
    await relay.stop()
    await db.$disconnect()
    await nats.drain()
    process.exit(0)
  }
  process.once('SIGINT', (signal) => void stop(signal))
  process.once('SIGTERM', (signal) => void stop(signal))
}

main().catch((err: unknown) => {
  console.error('platform service failed to start', err)
  process.exit(1)
})
