import { join } from 'node:path'
import { startWakeLoop } from '@pp/db'
import { consumeCustomerDeletions } from '@pp/events'
import { runService } from '@pp/service'
import { tenantOf } from '@pp/tenancy'
import { grpcAgentServices } from './clients/services.js'
import { loadAgentsServiceConfig } from './config.js'
import { createAgentsDb, open } from './db/client.js'
import { deleteCustomerAgents } from './domain/manage-agents.js'
import { resumeOwedActions } from './domain/recovery.js'
import { startAgentsServer } from './rpc/server.js'

const config = loadAgentsServiceConfig()

runService({
  name: 'agents',
  config,
  migrationsDir: join(import.meta.dirname, '../prisma/migrations'),
  async start({ logger, nats, verifier, dependencies }) {
    const db = createAgentsDb(config.DATABASE_URL)
    const services = grpcAgentServices({
      customers: config.CUSTOMERS_GRPC_ADDRESS,
      ledger: config.LEDGER_GRPC_ADDRESS,
      payments: config.PAYMENTS_GRPC_ADDRESS,
    })
    const agents = { db, services, now: () => new Date(), deviceCodeTtlMs: config.AGENT_DEVICE_CODE_TTL_MS }
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
        durableName: `${config.EVENTS_CONSUMER_PREFIX}-agents-customer-deletions`,
        logger,
        verifier,
        startTime: config.EVENTS_CONSUMER_START_TIME,
        retire: (deleted) => deleteCustomerAgents(agents, tenantOf(deleted), deleted.customerId),
      }),
    )
    const server = await startAgentsServer({ address: config.GRPC_ADDRESS, agents, logger, dependencies })
    return [() => server.shutdown(), () => deletions.stop(), () => recovery.stop(), () => services.close(), () => open(db).$disconnect()]
  },
})
