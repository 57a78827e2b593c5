import { randomBytes } from 'node:crypto'
import { callUnary, checkHealth, createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { PlatformServiceService } from '@pp/proto/platform/v1/platform'
import { WebhooksServiceClient } from '@pp/proto/webhooks/v1/webhooks'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil, type ServiceProcess, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { open, openDb } from '../src/db/client.js'
import { newTenant, openTestEvents, type Tenant, type TestEvents } from './support/events.js'
import { callContext } from './support/harness.js'
import { startReceiver, type Receiver } from './support/receiver.js'

const logger = createLogger('webhooks-main-test', 'silent')

/**
 * Stands in for the platform service: the configuration of each tenant the test configured, its
 * webhookEndpoint, with the types beyond the reference (CUSTOMER.UPDATED) turned on.
 */
async function startPlatformStub(endpoints: Map<string, string>): Promise<RunningGrpcServer> {
  const implementation = unaryService(logger, {
    async getPlatformConfig(_request: object, ctx: HandlerContext) {
      const webhookEndpoint = endpoints.get(`${ctx.platformId} ${ctx.environment}`)
      return { configJson: JSON.stringify({ webhookEndpoint, extendedWebhookTypes: true, updatedAt: new Date().toISOString() }) }
    },
  })
  return startGrpcServer('127.0.0.1:0', [{ name: 'platform.v1.PlatformService', definition: PlatformServiceService, implementation }], logger)
}

let database: TestDatabase
let events: TestEvents
let platform: RunningGrpcServer
const receivers: Receiver[] = []
let env: Record<string, string>
let address: string
let service: ServiceProcess | undefined
const endpoints = new Map<string, string>()

async function startService(): Promise<ServiceProcess> {
  const started = startProcess('webhooks', 'services/webhooks/src/main.ts', env)
  await waitUntil(() => checkHealth(address), `webhooks service at ${address}\n${started.output()}`)
  service = started
  return started
}

/** The process a test left running, else a new one: each start costs seconds. */
const runningService = async (): Promise<ServiceProcess> =>
  service && service.child.exitCode === null && service.child.signalCode === null ? service : startService()

/** A new tenant whose webhookEndpoint is a receiver of its own. */
async function tenantWithReceiver(): Promise<{ tenant: Tenant; receiver: Receiver }> {
  const tenant = newTenant()
  const receiver = await startReceiver()
  receivers.push(receiver)
  endpoints.set(`${tenant.platformId} ${tenant.environment}`, receiver.url)
  return { tenant, receiver }
}

beforeAll(async () => {
  const { natsUrl } = await testConnections()
  database = await createTestDatabase('webhooks_main')
  events = await openTestEvents('main')
  platform = await startPlatformStub(endpoints)
  address = `127.0.0.1:${await freePort()}`
  env = {
    DATABASE_URL: database.url,
    GRPC_ADDRESS: address,
    OPERATOR_GRPC_ADDRESS: `127.0.0.1:${await freePort()}`,
    NATS_URL: natsUrl,
    PLATFORM_GRPC_ADDRESS: `127.0.0.1:${platform.port}`,
    WEBHOOK_CONSUMER_NAME: events.durableName,
    WEBHOOK_EVENTS_SUBJECT: events.filterSubject,
    WEBHOOK_LOOPBACK_ALLOWED: 'true',
    WEBHOOK_RETRY_SCHEDULE_MS: '50,50,50',
    WEBHOOK_RETRY_JITTER_RATIO: '0',
    // long enough for the test to kill the process while the attempt still hangs
    WEBHOOK_REQUEST_TIMEOUT_MS: '2000',
    WEBHOOK_CLAIM_LEASE_MS: '2500',
    WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }
})

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
  await service?.stop()
  await platform.shutdown()
  await events.close()
  await database.drop()
})

it('delivers the events published while it was stopped, each exactly once, and stops cleanly on SIGTERM', async () => {
  const stopped = await runningService()
  await stopped.stop('SIGTERM')
  expect(stopped.child.exitCode).toBe(0)
  const { tenant, receiver } = await tenantWithReceiver()
  for (let i = 0; i < 50; i += 1) await events.publish(tenant, 'CUSTOMER.UPDATED', { id: `Customer:${i}` })

  await startService()
  await waitUntil(async () => receiver.received.length >= 50, '50 webhooks after the restart')
  const ids = receiver.received.map((r) => JSON.parse(r.body).data.id)
  expect(new Set(ids).size).toBe(50)
  const client = createGrpcClient(WebhooksServiceClient, address)
  try {
    const page = await callUnary(client, client.listDeliveries, { limit: 100, status: 'DELIVERED' }, callContext(tenant))
    expect(page.totalCount).toBe(50)
  } finally {
    client.close()
  }
  expect(receiver.received).toHaveLength(50)
})

it('delivers after a restart a webhook whose process was killed in the middle of the attempt', async () => {
  const { tenant, receiver } = await tenantWithReceiver()
  receiver.behave(() => 'hang')
  const killed = await runningService()
  await events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:killed' })
  await waitUntil(async () => receiver.received.length === 1, 'the attempt in flight')
  await killed.stop('SIGKILL')
  receiver.behave(() => 200)

  await startService()
  const client = createGrpcClient(WebhooksServiceClient, address)
  try {
    const logged = async () => (await callUnary(client, client.listDeliveries, { limit: 10 }, callContext(tenant))).data
    await waitUntil(async () => (await logged())[0]?.status === 'DELIVERED', 'the delivery after the restart')
    const [delivery] = await logged()
    expect(delivery).toMatchObject({ status: 'DELIVERED', attemptCount: 2 })
    expect(receiver.received).toHaveLength(2)
    expect(delivery!.attempts.map((a) => [a.statusCode, a.error?.split(':')[0]])).toEqual([[undefined, 'interrupted'], [200, undefined]])
    const [first, second] = receiver.received
    // the same webhook (id), stamped and signed as each attempt was sent
    expect(JSON.parse(second!.body)).toEqual({ ...JSON.parse(first!.body), timestamp: expect.any(String) })
    expect(second!.headers['x-service-event-id']).toBe(first!.headers['x-service-event-id'])
  } finally {
    client.close()
  }
})

it('prunes, as it starts, the deliveries finished longer ago than WEBHOOK_DELIVERY_RETENTION_MS with their attempts, never a pending one', async () => {
  const db = openDb(database.url)
  const tenant = newTenant()
  const delivery = (id: string, status: string, finishedAgo: string | null, nextAttemptIn: string | null = null) =>
    open(db).$executeRawUnsafe(
      `INSERT INTO webhook_deliveries (id, platform_id, environment, webhook_type, content, status, attempt_count,
         next_attempt_at, delivered_at, dead_at, created_at)
       VALUES ($1, $2, $3, 'CUSTOMER.UPDATED', '{}', $4, 1, now() + $6::interval,
         CASE WHEN $4 = 'DELIVERED' THEN now() - $5::interval END, CASE WHEN $4 = 'DEAD' THEN now() - $5::interval END,
         now() - interval '40 days')`,
      id, tenant.platformId, tenant.environment, status, finishedAgo, nextAttemptIn,
    )
  try {
    await delivery('delivered-31-days-ago', 'DELIVERED', '31 days')
    await delivery('dead-31-days-ago', 'DEAD', '31 days')
    await delivery('delivered-yesterday', 'DELIVERED', '1 day')
    await delivery('pending-for-40-days', 'PENDING', null, '1 day')
    await open(db).$executeRawUnsafe(
      `INSERT INTO delivery_attempts (delivery_id, attempt_number, finished_at, status_code) SELECT id, 1, now(), 200 FROM webhook_deliveries WHERE platform_id = $1`,
      tenant.platformId,
    )
    await (await runningService()).stop('SIGTERM')
    await startService()
    const left = () => open(db).webhookDelivery.findMany({ where: { platformId: tenant.platformId }, select: { id: true }, orderBy: { id: 'asc' } })
    await waitUntil(async () => (await left()).length === 2, 'the start-up pruning')
    expect((await left()).map((row) => row.id)).toEqual(['delivered-yesterday', 'pending-for-40-days'])
    expect(await open(db).deliveryAttempt.count({ where: { delivery: { platformId: tenant.platformId } } })).toBe(2)
  } finally {
    await open(db).$disconnect()
  }
})
