import { callUnary, createGrpcClient, startGrpcServer, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { startPruning } from '@pp/db'
import { WebhooksOperatorServiceClient, WebhooksOperatorServiceService } from '@pp/proto/webhooks/v1/operator'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveriesHeldWithoutEndpoint } from '../src/db/delivery-log.db.js'
import type { EndpointStatusView } from '../src/domain/endpoint/endpoint-status.js'
import { webhooksOperatorService, WEBHOOKS_OPERATOR_SERVICE_NAME } from '../src/rpc/operator-service.js'
import { newTenant, type Tenant } from './support/events.js'
import { callContext, failure, startHarness } from './support/harness.js'
import { always, startReceiver, type Receiver } from './support/receiver.js'
import { open } from '../src/db/client.js'

/**
 * The tenant's endpoint as the platform configures it: deliveries held while it has none, a new
 * endpoint starting afresh with a TEST webhook, the types beyond the reference only when turned on,
 * a 409 counted as delivered, the operator's view and resumption, and the bounded hold.
 */
let h: Awaited<ReturnType<typeof startHarness>>
let operatorServer: RunningGrpcServer
let operator: WebhooksOperatorServiceClient
const receivers: Receiver[] = []
const logger = createLogger('webhooks-endpoint-config-test', 'silent')

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args)
  receivers.push(started)
  return started
}

beforeAll(async () => {
  // a long retry schedule: what arrives within a test was sent by a resumption, not by a retry
  h = await startHarness('endpoint_config', { retryScheduleMs: [60_000, 60_000], pauseAfterFailures: 3 })
  operatorServer = await startGrpcServer(
    '127.0.0.1:0',
    [{ name: WEBHOOKS_OPERATOR_SERVICE_NAME, definition: WebhooksOperatorServiceService, implementation: webhooksOperatorService(h.deps, logger) }],
    logger,
  )
  operator = createGrpcClient(WebhooksOperatorServiceClient, `127.0.0.1:${operatorServer.port}`)
})

afterAll(async () => {
  operator.close()
  await operatorServer.shutdown()
  await h.stop()
  await Promise.all(receivers.map((r) => r.close()))
})

const statusOf = async (tenant: Tenant): Promise<EndpointStatusView> =>
  JSON.parse((await callUnary(h.client, h.client.getEndpointStatus, {}, callContext(tenant))).endpointJson) as EndpointStatusView

const approvals = async (tenant: Tenant, count: number, from = 0): Promise<string[]> => {
  const ids = Array.from({ length: count }, (_, i) => `Customer:${from + i}`)
  for (const id of ids) await h.events.publish(tenant, 'CUSTOMER.KYC_APPROVED', { id })
  return ids
}

const customerOf = (body: string): string => JSON.parse(body).data.id

/** Publishes failing approvals until the endpoint pauses (pauseAfterFailures: 3). */
async function pausedTenant(failing: Receiver): Promise<Tenant> {
  const tenant = newTenant()
  h.endpoints.set(tenant, failing.url)
  await approvals(tenant, 5)
  await waitUntil(async () => (await statusOf(tenant)).status === 'PAUSED', 'the endpoint paused', 10_000, 20)
  return tenant
}

describe('no endpoint configured', () => {
  it('holds every delivery with no attempt and no failure counted; one set sends them all oldest first, then the TEST webhook', async () => {
    const tenant = newTenant()
    const queued = await approvals(tenant, 8)
    await waitUntil(async () => (await h.log(tenant)).length === 8 && (await statusOf(tenant)).heldDeliveryCount === 8, 'all eight held', 10_000, 20)
    const log = JSON.parse((await callUnary(h.client, h.client.listDeliveries, { limit: 100 }, callContext(tenant))).pageJson).data
    for (const delivery of log) expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 0, attempts: [], waitingFor: 'WEBHOOK_ENDPOINT' })
    expect(await statusOf(tenant)).toMatchObject({ status: 'NOT_CONFIGURED', consecutiveFailures: 0, heldDeliveryCount: 8, pausedAt: expect.any(String) })

    const hooks = await receiver()
    await h.changeEndpoint(tenant, hooks.url)
    await h.waitForLog(tenant, 9, (d) => d.status === 'DELIVERED', 'the backlog and the TEST webhook delivered')
    const types = hooks.received.map((r) => JSON.parse(r.body).type)
    expect(types).toEqual([...Array(8).fill('CUSTOMER.KYC_APPROVED'), 'TEST'])
    expect([...hooks.received.slice(0, 8).map((r) => customerOf(r.body))].sort()).toEqual([...queued].sort())
    expect((await h.log(tenant)).every((d) => d.attemptCount === 1)).toBe(true)
    expect(await statusOf(tenant)).toEqual({ url: hooks.url, status: 'ACTIVE', consecutiveFailures: 0, heldDeliveryCount: 0 })
  })

  it('queues one TEST webhook per endpoint change however often its event arrives, and keeps the newest configuration', async () => {
    const tenant = newTenant()
    const [first, second] = [await receiver(), await receiver()]
    h.endpoints.set(tenant, first.url)
    await h.changeEndpoint(tenant, second.url)
    const change = { webhookEndpoint: second.url, updatedAt: new Date().toISOString() }
    const event = await h.events.publish(tenant, 'PLATFORM.WEBHOOK_ENDPOINT_CHANGED', change)
    await h.events.publish(tenant, 'PLATFORM.WEBHOOK_ENDPOINT_CHANGED', change, { id: event.id })
    // an older configuration arriving late changes nothing
    await h.events.publish(tenant, 'PLATFORM.CONFIG_UPDATED', { webhookEndpoint: first.url, updatedAt: new Date(Date.now() - 60_000).toISOString() })
    await approvals(tenant, 1)
    await h.waitForLog(tenant, 3, (d) => d.status === 'DELIVERED', 'two TEST webhooks and the approval')
    expect(second.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(['CUSTOMER.KYC_APPROVED', 'TEST', 'TEST'])
    expect(first.received).toEqual([])
  })
})

describe('webhook types beyond the reference', () => {
  it('are sent only to a platform that turned them on', async () => {
    const [off, on] = [newTenant(), newTenant()]
    const hooks = await receiver()
    h.endpoints.set(off, hooks.url, { extendedTypes: false })
    h.endpoints.set(on, hooks.url, { extendedTypes: true })
    for (const tenant of [off, on]) {
      await h.events.publish(tenant, 'CUSTOMER.CREATED', { id: `Customer:created-${tenant.platformId}` })
      await h.events.publish(tenant, 'CUSTOMER.KYC_APPROVED', { id: `Customer:approved-${tenant.platformId}` })
    }
    await h.waitForLog(on, 2, (d) => d.status === 'DELIVERED', 'both webhooks of the platform that turned them on')
    await h.waitForLog(off, 1, (d) => d.status === 'DELIVERED', 'the reference webhook of the other')
    expect((await h.log(off)).map((d) => d.webhookType)).toEqual(['CUSTOMER.KYC_APPROVED'])

    // turned on later, from the next event on
    await h.updateConfig(off, hooks.url, { extendedTypes: true })
    await waitUntil(async () => {
      await h.events.publish(off, 'CUSTOMER.UPDATED', { id: 'Customer:later' })
      return (await h.log(off)).some((d) => d.webhookType === 'CUSTOMER.UPDATED')
    }, 'an extension type sent once turned on', 10_000, 100)
  })
})

describe('an endpoint that failed', () => {
  it('counts a 409 (already processed) as delivered, with no failure against the endpoint', async () => {
    const tenant = newTenant()
    const seen = await receiver(always(409))
    h.endpoints.set(tenant, seen.url)
    await approvals(tenant, 4)
    const log = await h.waitForLog(tenant, 4, (d) => d.status === 'DELIVERED', 'four deliveries answered 409')
    expect(log.map((d) => [d.attemptCount, d.attempts[0]?.statusCode])).toEqual(Array(4).fill([1, 409]))
    expect(await statusOf(tenant)).toMatchObject({ status: 'ACTIVE', consecutiveFailures: 0 })
  })

  it('shows a pause with its probe; a successful test webhook to the endpoint resumes it and its backlog goes out at once', async () => {
    const endpoint = await receiver(always(503))
    const tenant = await pausedTenant(endpoint)
    const paused = await statusOf(tenant)
    expect(paused).toMatchObject({ url: endpoint.url, status: 'PAUSED', probeDeliveryId: expect.any(String), nextProbeAt: expect.any(String), pausedAt: expect.any(String) })
    expect(paused.consecutiveFailures).toBeGreaterThanOrEqual(3)
    const held = JSON.parse((await callUnary(h.client, h.client.listDeliveries, { limit: 100 }, callContext(tenant))).pageJson).data
    expect(held.filter((d: { waitingFor?: string }) => d.waitingFor === 'ENDPOINT_PROBE').length).toBe(paused.heldDeliveryCount)

    endpoint.behave(always(200))
    await callUnary(h.client, h.client.sendTestWebhook, {}, callContext(tenant))
    await h.waitForLog(tenant, 6, (d) => d.status === 'DELIVERED', 'the backlog, probe included, and the test webhook delivered')
    expect(await statusOf(tenant)).toEqual({ url: endpoint.url, status: 'ACTIVE', consecutiveFailures: 0, heldDeliveryCount: 0 })
  })

  it('a test webhook to another url leaves the pause as it is', async () => {
    const endpoint = await receiver(always(503))
    const tenant = await pausedTenant(endpoint)
    const elsewhere = await receiver()
    await callUnary(h.client, h.client.sendTestWebhook, { url: elsewhere.url }, callContext(tenant))
    expect((await statusOf(tenant)).status).toBe('PAUSED')
  })

  it('the operator resumes it, or is told there is no endpoint to resume', async () => {
    const endpoint = await receiver(always(503))
    const tenant = await pausedTenant(endpoint)
    endpoint.behave(always(200))
    const resumed = JSON.parse((await callUnary(operator, operator.resumePlatformEndpoint, tenant, {})).endpointJson) as EndpointStatusView
    expect(resumed).toMatchObject({ status: 'ACTIVE', consecutiveFailures: 0 })
    await h.waitForLog(tenant, 5, (d) => d.status === 'DELIVERED', 'the backlog delivered')
    const seen = JSON.parse((await callUnary(operator, operator.getPlatformEndpoint, tenant, {})).endpointJson) as EndpointStatusView
    expect(seen).toEqual({ url: endpoint.url, status: 'ACTIVE', consecutiveFailures: 0, heldDeliveryCount: 0 })

    const unconfigured = newTenant()
    expect((await failure(callUnary(operator, operator.resumePlatformEndpoint, unconfigured, {}))).code).toBe('WEBHOOK_ENDPOINT_NOT_SET')
    expect((await failure(callUnary(operator, operator.getPlatformEndpoint, { platformId: '', environment: 'LIVE' }, {}))).code).toBe('INVALID_INPUT')
  })
})

describe('the bounded hold', () => {
  it('drops the deliveries held for a platform without an endpoint once older than the window, and nothing else', async () => {
    const [without, fine] = [newTenant(), newTenant()]
    await approvals(without, 3)
    await waitUntil(async () => (await statusOf(without)).heldDeliveryCount === 3, 'three held without an endpoint', 10_000, 20)
    const failing = await pausedTenant(await receiver(always(503)))
    const hooks = await receiver(always(503))
    h.endpoints.set(fine, hooks.url)
    await approvals(fine, 1)
    await h.waitForLog(fine, 1, (d) => d.attemptCount === 1, 'a pending retry')
    const keepMs = 60_000
    // all of them queued "long ago", one of the held ones just now
    await open(h.db).$executeRawUnsafe(`UPDATE webhook_deliveries SET created_at = now() - interval '2 minutes'`)
    const [youngest] = await h.log(without)
    await open(h.db).$executeRawUnsafe(`UPDATE webhook_deliveries SET created_at = now() WHERE id = $1`, youngest!.id)

    const pruning = startPruning({ databaseUrl: h.database.url, logger, rules: [deliveriesHeldWithoutEndpoint(keepMs)] })
    try {
      await pruning.prune()
    } finally {
      await pruning.stop()
    }
    expect((await h.log(without)).map((d) => d.id)).toEqual([youngest!.id])
    expect((await h.log(failing)).length).toBe(5)
    expect((await h.log(fine)).length).toBe(1)
  })
})
