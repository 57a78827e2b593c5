import { join } from 'node:path'
import { runService } from '@pp/service'
import { platformConfigClient } from './clients/platform.js'
import { loadCustomersConfig } from './config.js'
import { openDb } from './db/client.js'
import { agreementCatalogue } from './domain/consents/agreements.js'
import { verificationProviders } from './domain/verification/provider.js'
import { buildCustomersServer } from './rpc/server.js'

const config = loadCustomersConfig()

runService({
  name: 'customers',
  databaseUrl: config.DATABASE_URL,
  natsUrl: config.NATS_URL,
  logLevel: config.LOG_LEVEL,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  async start({ logger }) {
    const db = openDb(config.DATABASE_URL)
    const platformConfig = platformConfigClient(config.PLATFORM_GRPC_ADDRESS)
    const deps = { db, platformConfig, verification: verificationProviders, agreements: agreementCatalogue(), now: () => new Date() }
    const server = await buildCustomersServer(deps, config.GRPC_ADDRESS, logger)
    return [() => server.shutdown(), () => platformConfig.close(), () => db.$disconnect()]
  },
})
