import { connectNats } from '@pp/events'
import { callUnary, checkHealth, createGrpcClient, startGrpcServer, unaryService, type HandlerContext } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { PlatformFacts, PlatformServiceService } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil } from '@pp/testing'
import { expect, it } from 'vitest'
import { open, openDb } from '../src/db/client.js'
import { customerOf, individual, MIGRATIONS_DIR, newTenant } from './harness.js'

const logger = createLogger('customers-main-test', 'silent')

/** Stands in for the platform service: one skip-paperwork sandbox platform, the rest default. */
async function startPlatformStub(skippingPlatformId: string) {
  const implementation = unaryService(logger, {
    async getPlatformFacts(_request: object, ctx: HandlerContext) {
      const isSkipping = ctx.platformId === skippingPlatformId && ctx.environment === 'SANDBOX'
      return { facts: PlatformFacts.fromPartial({ skipVerificationPaperwork: isSkipping }) }
    },
  })
  return startGrpcServer('127.0.0.1:0', [{ name: 'platform.v1.PlatformService', definition: PlatformServiceService, implementation }], logger)
}

it('runs as its own process: migrates, reads platform settings over gRPC, relays events to NATS, stops cleanly', async () => {
  const { natsUrl } = await testConnections()
  const database = await createTestDatabase('customers_main')
  const ctx = newTenant()
  const platform = await startPlatformStub(ctx.platformId)
  const address = `127.0.0.1:${await freePort()}`
  const service = startProcess('customers', 'services/customers/src/main.ts', {
    DATABASE_URL: database.url,
    GRPC_ADDRESS: address,
    OPERATOR_GRPC_ADDRESS: `127.0.0.1:${await freePort()}`,
    NATS_URL: natsUrl,
    PLATFORM_GRPC_ADDRESS: `127.0.0.1:${platform.port}`,
  })
  const nats = await connectNats(natsUrl, 'customers-main-test')
  const client = createGrpcClient(CustomersServiceClient, address)
  try {
    await waitUntil(() => checkHealth(address), `customers service at ${address}\n${service.output()}`)
    const received: string[] = []
    const subscription = nats.subscribe('events.customers.CUSTOMER.KYC_APPROVED', {
      callback: (_err, message) => {
        received.push(message.string())
      },
    })
    await nats.flush()

    const customer = customerOf(await callUnary(client, client.createCustomer, individual(), ctx))
    expect(customer.kycStatus).toBe('APPROVED')
    await waitUntil(async () => received.some((m) => m.includes(customer.id)), 'the KYC_APPROVED event on NATS')
    subscription.unsubscribe()

    await service.stop('SIGTERM')
    expect(service.child.exitCode).toBe(0)
  } finally {
    client.close()
    await nats.close()
    await service.stop()
    await platform.shutdown()
    await database.drop()
  }
})

it('prunes, as it starts, the keys past IDEMPOTENCY_KEY_TTL_MS and the outbox rows published longer ago than OUTBOX_RETENTION_MS', async () => {
  const { natsUrl } = await testConnections()
  const database = await createTestDatabase('customers_retention', MIGRATIONS_DIR)
  const db = openDb(database.url)
  const key = (name: string, age: string) =>
    open(db).$executeRawUnsafe(
      `INSERT INTO idempotency_keys (platform_id, environment, key, fingerprint, response, created_at)
       VALUES ('Platform:p', 'SANDBOX', $1, 'f', '{}', now() - $2::interval)`,
      name,
      age,
    )
  const event = (id: string, publishedAgo: string) =>
    open(db).$executeRawUnsafe(
      `INSERT INTO outbox_events (id, subject, payload, created_at, published_at)
       VALUES ($1, 'events.customers.TEST', '{}', now() - $2::interval, now() - $2::interval)`,
      id,
      publishedAgo,
    )
  await key('expired', '2 hours')
  await key('live', '10 minutes')
  await event('published-8-days-ago', '8 days')
  await event('published-yesterday', '1 day')
  const address = `127.0.0.1:${await freePort()}`
  const service = startProcess('customers', 'services/customers/src/main.ts', {
    DATABASE_URL: database.url,
    GRPC_ADDRESS: address,
    OPERATOR_GRPC_ADDRESS: `127.0.0.1:${await freePort()}`,
    NATS_URL: natsUrl,
    IDEMPOTENCY_KEY_TTL_MS: '3600000',
  })
  try {
    const left = async () => [
      ...(await open(db).idempotencyKey.findMany({ select: { key: true } })).map((row) => row.key),
      ...(await open(db).outboxEvent.findMany({ select: { id: true } })).map((row) => row.id),
    ]
    await waitUntil(async () => (await left()).length === 2, `the start-up pruning\n${service.output()}`)
    expect((await left()).sort()).toEqual(['live', 'published-yesterday'])
  } finally {
    await service.stop()
    await open(db).$disconnect()
    await database.drop()
  }
})
