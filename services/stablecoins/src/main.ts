import { join } from 'node:path'
import { doneJobs, expiredIdempotencyKeys } from '@pp/db'
import { startGrpcServer } from '@pp/grpc'
import { runService } from '@pp/service'
import { ledgerClient } from './clients/ledger.js'
import { sandboxIssuer } from './providers/issuer/sandbox-issuer.js'
import { unconfiguredIssuer } from './providers/issuer/unconfigured-issuer.js'
import { loadStablecoinsConfig } from './config.js'
import { open, openDb } from './db/client.js'
import { STABLECOIN_JOBS } from './db/jobs.db.js'
import type { StablecoinsDeps } from './domain/deps.js'
import { stablecoinJobRunner } from './domain/jobs.js'
import { stablecoinsCallers } from './rpc/callers.js'
import { stablecoinsServiceRegistrations } from './rpc/server.js'

const config = loadStablecoinsConfig()
// a low-traffic service on the mesh's shared Postgres (max_connections): a small pool
const DB_POOL_MAX = 4

runService({
  name: 'stablecoins',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  // job ids are random (newId): a pruned job is never inserted again
  pruned: [expiredIdempotencyKeys(config.IDEMPOTENCY_KEY_TTL_MS), doneJobs(STABLECOIN_JOBS.table, config.JOB_RETENTION_MS)],
  async start({ logger, nats, dependencies }) {
    const db = openDb(config.DATABASE_URL, DB_POOL_MAX)
    const ledger = ledgerClient(config.LEDGER_GRPC_ADDRESS)
    const deps: StablecoinsDeps = {
      db,
      ledger,
      // no production issuer is wired into this deployment yet: production calls say so
      issuers: { SANDBOX: sandboxIssuer, PRODUCTION: unconfiguredIssuer },
      sandbox: { approvalDelayMs: config.SANDBOX_STABLECOIN_APPROVAL_DELAY_MS, operationDelayMs: config.SANDBOX_STABLECOIN_OPERATION_DELAY_MS },
      now: () => new Date(),
      idempotencyKeyTtlMs: config.IDEMPOTENCY_KEY_TTL_MS,
      logger,
    }
    const server = await startGrpcServer(config.GRPC_ADDRESS, stablecoinsServiceRegistrations(deps, logger), logger, {
      dependencies,
      callers: stablecoinsCallers,
      operatorAddress: config.OPERATOR_GRPC_ADDRESS,
    })
    const jobs = stablecoinJobRunner(deps, config.DATABASE_URL).start()
    return [() => server.shutdown(), () => jobs.stop(), () => ledger.close(), () => open(db).$disconnect()]
  },
})
