import { join } from 'node:path'
import { startWakeLoop } from '@pp/db'
import { consumeCustomerDeletions } from '@pp/events'
import { runService } from '@pp/service'
import { tenantOf } from '@pp/tenancy'
import { loadPlatformServiceConfig } from './config.js'
import { grpcAgentServices } from './clients/agent-services.js'
import { createPlatformDb } from './db/client.js'
import { deleteCustomerAgents } from './domain/agents/manage-agents.js'
import { resumeOwedActions } from './domain/agents/recovery.js'
import { startPlatformServer } from './rpc/server.js'

const config = loadPlatformServiceConfig()

runService({
  name: 'platform',
  databaseUrl: config.DATABASE_URL,
  migrationDatabaseUrl: config.MIGRATION_DATABASE_URL,
  natsUrl: config.NATS_URL,
  logLevel: config.LOG_LEVEL,
  metricsAddress: config.METRICS_ADDRESS,
  grpcTls: config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  storage: config,
  eventKeys: config,
  natsClient: config,
  async start({ logger, nats, verifier, dependencies }) {
    const db = createPlatformDb(config.DATABASE_URL)
    const agentServices = grpcAgentServices({
      customers: config.CUSTOMERS_GRPC_ADDRESS,
      ledger: config.LEDGER_GRPC_ADDRESS,
      payments: config.PAYMENTS_GRPC_ADDRESS,
    })
    const agents = { db, services: agentServices, now: () => new Date(), deviceCodeTtlMs: config.AGENT_DEVICE_CODE_TTL_MS }
    const graceMs = config.AGENT_EXECUTION_RECOVERY_MS
    // agents' payments that a crash or an outage left unanswered, executed again once they are old enough
    const recovery = startWakeLoop({
      name: 'agent-executions',
      databaseUrl: config.DATABASE_URL,
      channel: 'agent_actions_owed',
      notifiedWorkDueAfterMs: graceMs,
      logger,
      run: () => resumeOwedActions(agents, graceMs, (actionId, err) => logger.warn({ actionId, err }, 'agent action still owed')),
    })
    // a deleted customer's agents go with it
    const deletions = nats.whenServing('customer deletions consumer', (connection) =>
      consumeCustomerDeletions({
        nats: connection,
        durableName: `${config.EVENTS_CONSUMER_PREFIX}-platform-customer-deletions`,
        logger,
        verifier,
        startTime: config.EVENTS_CONSUMER_START_TIME,
        retire: (deleted) => deleteCustomerAgents(agents, tenantOf(deleted), deleted.customerId),
      }),
    )
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
      agents,
      webhookLoopbackAllowed: config.WEBHOOK_LOOPBACK_ALLOWED,
    })
    return [() => server.shutdown(), () => deletions.stop(), () => recovery.stop(), () => agentServices.close(), () => db.$disconnect()]
  },
})
