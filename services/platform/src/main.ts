import { join } from 'node:path'
import { runService } from '@pp/service'
import { loadPlatformServiceConfig } from './config.js'
import { createPlatformDb, open } from './db/client.js'
import { startPlatformServer } from './rpc/server.js'

const config = loadPlatformServiceConfig()

runService({
  name: 'platform',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  async start({ logger, dependencies }) {
    const db = createPlatformDb(config.DATABASE_URL)
    const server = await startPlatformServer({
      address: config.GRPC_ADDRESS,
      operatorAddress: config.OPERATOR_GRPC_ADDRESS,
      db,
      logger,
      dependencies,
      secretCostLog2: config.TOKEN_SECRET_SCRYPT_LOG_N,
      verificationBudget: {
        perSecond: config.TOKEN_VERIFICATIONS_PER_SECOND,
        burst: config.TOKEN_VERIFICATION_BURST,
        concurrent: config.TOKEN_VERIFICATIONS_CONCURRENT,
      },
      webhookLoopbackAllowed: config.WEBHOOK_LOOPBACK_ALLOWED,
    })
    return [() => server.shutdown(), () => open(db).$disconnect()]
  },
})
