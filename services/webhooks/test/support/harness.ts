import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { ResolveHost } from '@pp/egress'
import { eventVerifierOf, type RunningConsumer } from '@pp/events'
import { callUnary, createGrpcClient, type RunningGrpcServer } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { createLogger } from '@pp/logging'
import { WebhooksServiceClient, type Delivery } from '@pp/proto/webhooks/v1/webhooks'
import { createTestDatabase, waitUntil, type TestDatabase } from '@pp/testing'
import { open, openDb, openSql, type Db } from '../../src/db/client.js'
import type { WebhooksDeps } from '../../src/domain/deps.js'
import { createPostWebhook } from '../../src/domain/delivery/http-post.js'
import type { DeliverySettings } from '../../src/domain/delivery/settings.js'
import { startDeliveryWorker, type DeliveryWorker } from '../../src/domain/delivery/worker.js'
import { UNCONFIGURED, type EndpointConfig, type PlatformConfigSource } from '../../src/domain/endpoint/config.js'
import { endpointDirectory } from '../../src/domain/endpoint/endpoint-directory.js'
import type { SigningKeyView } from '../../src/domain/signing/public-key.js'
import { keyEncryption } from '../../src/domain/signing/key-encryption.js'
import { loadSigningKeys } from '../../src/domain/signing/signing-keys.js'
import { tenantKey } from '../../src/domain/types.js'
import { startEventConsumer } from '../../src/events/event-consumer.js'
import { buildWebhooksServer } from '../../src/rpc/server.js'
import { openTestEvents, type Tenant, type TestEvents } from './events.js'

export const MIGRATIONS_DIR = join(import.meta.dirname, '../../prisma/migrations')
export const SCHEMA_PATH = join(import.meta.dirname, '../../prisma/schema.prisma')

/** Milliseconds everywhere, so retries and dead-letters happen within a test. */
export const FAST_SETTINGS: DeliverySettings = {
  retryScheduleMs: [20, 20, 20],
  retryJitterRatio: 0,
  // the receivers here answer at once: a short timeout would only fire on a loaded machine, and its
  // retry would send a webhook twice where a test counts once (tests of timeouts set their own)
  requestTimeoutMs: 5_000,
  claimLeaseMs: 10_000,
  concurrency: 16,
  concurrencyPerPlatform: 2,
  pauseAfterFailures: 5,
  endpointUnknownRetryMs: 50,
}

/**
 * The platform service's configuration per tenant, held in memory: what the webhooks service
 * learns of a tenant no event has named yet. Unless told, a tenant sends the types beyond the
 * reference too (most tests use CUSTOMER.UPDATED). `unavailable` makes the next reads fail, as
 * they do while the platform service is down. A change after the service learned a tenant
 * reaches it as the platform's events (`Harness.changeEndpoint`).
 */
export class InMemoryPlatformConfigs implements PlatformConfigSource {
  private readonly configs = new Map<string, EndpointConfig>()
  private readonly failingReads = new Map<string, number>()

  set(tenant: Tenant, url: string | undefined, { extendedTypes = true }: { extendedTypes?: boolean } = {}): EndpointConfig {
    const config = { ...(url && { url }), extendedTypes, updatedAt: new Date() }
    this.configs.set(tenantKey(tenant), config)
    return config
  }

  unavailable(tenant: Tenant, reads: number): void {
    this.failingReads.set(tenantKey(tenant), reads)
  }

  async configOf(tenant: Tenant): Promise<EndpointConfig> {
    const failing = this.failingReads.get(tenantKey(tenant)) ?? 0
    if (failing > 0) {
      this.failingReads.set(tenantKey(tenant), failing - 1)
      throw new Error('platform service unavailable')
    }
    return this.configs.get(tenantKey(tenant)) ?? UNCONFIGURED
  }
}

export interface Harness {
  db: Db
  deps: WebhooksDeps
  client: WebhooksServiceClient
  endpoints: InMemoryPlatformConfigs
  /** The platform changes its configuration: the platform service holds it, and says so with PLATFORM.CONFIG_UPDATED. */
  updateConfig(tenant: Tenant, url: string, options?: { extendedTypes?: boolean }): Promise<void>
  /** The platform sets (or changes) the tenant's endpoint: updateConfig, with the PLATFORM.WEBHOOK_ENDPOINT_CHANGED beside it. */
  changeEndpoint(tenant: Tenant, url: string, options?: { extendedTypes?: boolean }): Promise<void>
  events: TestEvents
  worker: DeliveryWorker
  /** The tenant's log through gRPC, newest first. */
  log(tenant: Tenant): Promise<Delivery[]>
  /** Waits until the tenant's log holds `count` deliveries that satisfy `isDone`. */
  waitForLog(tenant: Tenant, count: number, isDone: (d: Delivery) => boolean, what: string): Promise<Delivery[]>
  stop(): Promise<void>
}

/**
 * A fresh database, the worker, the event consumer and the real gRPC server, all in this process;
 * endpoints' host names resolve through `resolveHost` (DNS unless given).
 */
export async function startHarness(
  name: string,
  settings: Partial<DeliverySettings> = {},
  resolveHost?: ResolveHost,
): Promise<Harness & { database: TestDatabase }> {
  const database = await createTestDatabase(`webhooks_${name}`, MIGRATIONS_DIR)
  const db = openDb(database.url)
  const sql = openSql(database.url)
  const attemptsSql = openSql(database.url, undefined, { synchronousCommit: false })
  const endpoints = new InMemoryPlatformConfigs()
  const keys = await loadSigningKeys(db, keyEncryption(randomBytes(32), []))
  const deps: WebhooksDeps = {
    db, sql, attemptsSql, keys, endpointDirectory: endpointDirectory(sql, endpoints), post: createPostWebhook(resolveHost, { allowLoopback: true }), settings: { ...FAST_SETTINGS, ...settings },
  }
  const logger = createLogger(`webhooks-test-${name}`, (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent')
  const worker = startDeliveryWorker(deps, logger, database.url)
  const events = await openTestEvents(name)
  const consumer: RunningConsumer = await startEventConsumer({
    nats: events.nats, durableName: events.durableName, filterSubject: events.filterSubject, deps, worker, logger, verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger),
  })
  const server: RunningGrpcServer = await buildWebhooksServer(deps, '127.0.0.1:0', logger)
  const client = createGrpcClient(WebhooksServiceClient, `127.0.0.1:${server.port}`)
  async function updateConfig(tenant: Tenant, url: string, options?: { extendedTypes?: boolean }): Promise<string> {
    const config = endpoints.set(tenant, url, options)
    const updatedAt = config.updatedAt.toISOString()
    await events.publish(tenant, 'PLATFORM.CONFIG_UPDATED', { webhookEndpoint: url, extendedWebhookTypes: config.extendedTypes, updatedAt })
    return updatedAt
  }
  const log = async (tenant: Tenant) => (await callUnary(client, client.listDeliveries, { limit: 100 }, callContext(tenant))).data
  return {
    database, db, deps, client, endpoints, events, worker, log,
    updateConfig: (tenant, url, options) => updateConfig(tenant, url, options).then(() => undefined),
    async changeEndpoint(tenant, url, options) {
      const updatedAt = await updateConfig(tenant, url, options)
      await events.publish(tenant, 'PLATFORM.WEBHOOK_ENDPOINT_CHANGED', { webhookEndpoint: url, updatedAt })
    },
    async waitForLog(tenant, count, isDone, what) {
      let deliveries: Delivery[] = []
      await waitUntil(async () => {
        deliveries = await log(tenant)
        return deliveries.filter(isDone).length >= count
      }, what, 15_000, 20)
      return deliveries
    },
    async stop() {
      client.close()
      await server.shutdown()
      await consumer.stop()
      await worker.stop()
      await events.close()
      await sql.end()
      await attemptsSql.end()
      await open(db).$disconnect()
      await database.drop()
    },
  }
}

let requestCounter = 0

export const callContext = (tenant: Tenant): Caller => {
  requestCounter += 1
  return { ...tenant, requestId: `req-${requestCounter}` }
}

/** The tenant's signing key as the API shows it. */
export async function signingKeyOf(h: Harness, tenant: Tenant): Promise<SigningKeyView> {
  const { signingKeyJson } = await callUnary(h.client, h.client.getSigningPublicKey, {}, callContext(tenant))
  return JSON.parse(signingKeyJson) as SigningKeyView
}

/** The ApiError a call rejected with, for asserting code and details. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; reason: string; details: Record<string, unknown> }> {
  try {
    await promise
  } catch (err) {
    return err as { code: string; reason: string; details: Record<string, unknown> }
  }
  throw new Error('expected the call to fail')
}
