import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { p256 } from '@noble/curves/nist.js'
import { callUnary } from '@pp/grpc'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newTenant, transaction, type Tenant } from './support/events.js'
import { callContext, failure, signingKeyOf, startHarness, type Harness } from './support/harness.js'

/**
 * The delivery log's redelivery and replay. Retries wait a minute here, so every attempt after the
 * first is one the test asked for, and endpoints never pause.
 */
let h: Harness
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  h = await startHarness('replay', { retryScheduleMs: [60_000, 60_000], pauseAfterFailures: 1_000 })
})

afterAll(async () => {
  await Promise.all(closers.map((close) => close()))
  await h.stop()
})

interface Received {
  body: string
  signature: string
}

/** A receiver that answers `status()` to each request, once `gate` (if any) opens. */
async function receiver(status: () => number) {
  const received: Received[] = []
  let gate: Promise<void> | undefined
  let open = () => {}
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['x-service-signature']) })
      await gate
      response.writeHead(status()).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => {
    open()
    server.closeAllConnections()
    return new Promise((resolve) => server.close(() => resolve()))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    /** Answers wait until `release` is called. */
    hold: () => void (gate = new Promise((resolve) => (open = resolve))),
    release: () => open(),
  }
}

const ctx = (tenant: Tenant, idempotencyKey?: string) => ({ ...callContext(tenant), ...(idempotencyKey && { idempotencyKey }) })
const redeliver = async (tenant: Tenant, deliveryId: string, key?: string) =>
  JSON.parse((await callUnary(h.client, h.client.redeliverDelivery, { deliveryId }, ctx(tenant, key))).deliveryJson)
const replay = async (tenant: Tenant, request: { createdAfter?: Date; createdBefore?: Date; types?: string[] }, key?: string) =>
  JSON.parse((await callUnary(h.client, h.client.createReplay, { types: [], ...request }, ctx(tenant, key))).replayJson)
const replayOf = async (tenant: Tenant, replayId: string) => JSON.parse((await callUnary(h.client, h.client.getReplay, { replayId }, ctx(tenant))).replayJson)
const deliveryOf = async (tenant: Tenant, deliveryId: string) =>
  JSON.parse((await callUnary(h.client, h.client.getDelivery, { deliveryId }, ctx(tenant))).deliveryJson)

/** Publishes `count` customer events and waits until each delivery has made its first attempt; their ids, oldest first. */
async function failedOnce(tenant: Tenant, count: number, type = 'CUSTOMER.UPDATED'): Promise<string[]> {
  for (let n = 0; n < count; n += 1) await h.events.publish(tenant, type, { id: `Customer:${n}`, n })
  const log = await h.waitForLog(tenant, count, (d) => d.attemptCount === 1 && d.attempts[0]?.finishedAt !== undefined, 'the first attempts')
  return log.map((d) => d.id).reverse()
}

async function verifies(tenant: Tenant, { body, signature }: Received): Promise<boolean> {
  const key = await signingKeyOf(h, tenant)
  return p256.verify(Buffer.from(signature, 'base64'), Buffer.from(body), Buffer.from(key.publicKey, 'hex'), { format: 'der' })
}

describe('redelivering', () => {
  it('makes a PENDING delivery due now without a second attempt beside the one in flight, and re-sends a DELIVERED one signed anew', async () => {
    const tenant = newTenant()
    let status = 503
    const hooks = await receiver(() => status)
    h.endpoints.set(tenant, hooks.url)
    const [id] = (await failedOnce(tenant, 1)) as [string]
    expect(await deliveryOf(tenant, id)).toMatchObject({ status: 'PENDING', attemptCount: 1, attempts: [{ attemptNumber: 1, responseStatus: 503 }] })
    expect(Date.parse((await deliveryOf(tenant, id)).nextAttemptAt)).toBeGreaterThan(Date.now() + 30_000)

    status = 200
    hooks.hold()
    expect(await redeliver(tenant, id)).toMatchObject({ id, status: 'PENDING' })
    await waitUntil(async () => hooks.received.length === 2, 'the redelivered attempt, held by the receiver')
    // asked again while that attempt is in flight: nothing more is queued
    expect(await redeliver(tenant, id)).toMatchObject({ id, status: 'PENDING', attemptCount: 2 })
    hooks.release()
    await waitUntil(async () => (await deliveryOf(tenant, id)).status === 'DELIVERED', 'the delivery delivered')
    expect(await deliveryOf(tenant, id)).toMatchObject({ attemptCount: 2 })
    expect(hooks.received).toHaveLength(2)

    // a DELIVERED one gets one more attempt: the same id, a timestamp and signature of its own
    expect(await redeliver(tenant, id)).toMatchObject({ id, status: 'PENDING' })
    await waitUntil(async () => (await deliveryOf(tenant, id)).attemptCount === 3 && (await deliveryOf(tenant, id)).status === 'DELIVERED', 'the third attempt')
    const bodies = hooks.received.map((r) => JSON.parse(r.body))
    expect(bodies.map((b) => b.id)).toEqual([id, id, id])
    expect(new Set(bodies.map((b) => b.timestamp)).size).toBe(3)
    for (const sent of hooks.received) expect(await verifies(tenant, sent)).toBe(true)
    const delivery = await deliveryOf(tenant, id)
    expect(delivery.payload).toBe(hooks.received[2]!.body)
    expect(Date.parse(bodies[2].timestamp)).toBeGreaterThanOrEqual(Date.parse(delivery.attempts[2].startedAt))
  })

  it('answers a retry with the same Idempotency-Key once, and another tenant gets NOT_FOUND', async () => {
    const tenant = newTenant()
    const hooks = await receiver(() => 200)
    h.endpoints.set(tenant, hooks.url)
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })
    const [delivered] = await h.waitForLog(tenant, 1, (d) => d.status === 'DELIVERED', 'the delivery')
    const id = delivered!.id

    const first = await redeliver(tenant, id, 'redeliver-1')
    const again = await redeliver(tenant, id, 'redeliver-1')
    expect(again).toEqual(first)
    await waitUntil(async () => (await deliveryOf(tenant, id)).status === 'DELIVERED' && hooks.received.length === 2, 'the one redelivery')
    expect((await deliveryOf(tenant, id)).attemptCount).toBe(2)

    const other = newTenant()
    expect((await failure(callUnary(h.client, h.client.redeliverDelivery, { deliveryId: id }, ctx(other)))).code).toBe('NOT_FOUND')
    expect((await failure(callUnary(h.client, h.client.getDelivery, { deliveryId: id }, ctx(other)))).code).toBe('NOT_FOUND')
    expect((await deliveryOf(tenant, id)).attemptCount).toBe(2)
  })
})

describe('replaying a window', () => {
  it('re-sends every delivery of the window in creation order, each once, the PENDING ones folded in rather than retried again', async () => {
    const tenant = newTenant()
    let status = 503
    const hooks = await receiver(() => status)
    h.endpoints.set(tenant, hooks.url)
    const createdAfter = new Date(Date.now() - 1_000)
    const ids = await failedOnce(tenant, 6)
    await h.events.publish(tenant, 'INCOMING_PAYMENT', { type: 'INCOMING_PAYMENT', transaction: transaction('COMPLETED') })
    await h.waitForLog(tenant, 7, (d) => d.attemptCount === 1 && d.attempts[0]?.finishedAt !== undefined, 'the payment attempted')
    const createdBefore = new Date(Date.now() + 1_000)
    const before = hooks.received.length

    status = 200
    const started = await replay(tenant, { createdAfter, createdBefore, types: ['CUSTOMER.UPDATED'] })
    expect(started).toMatchObject({ id: expect.stringMatching(/^WebhookReplay:/), status: 'RUNNING', deliveryCount: 6, types: ['CUSTOMER.UPDATED'] })
    expect(started.createdAfter).toBe(createdAfter.toISOString())
    await waitUntil(async () => (await replayOf(tenant, started.id)).status === 'COMPLETED', 'the replay to complete')
    expect(await replayOf(tenant, started.id)).toMatchObject({ deliveryCount: 6, sentCount: 6, failedCount: 0, completedAt: expect.any(String) })

    const replayed = hooks.received.slice(before).map((r) => JSON.parse(r.body))
    expect(replayed.map((b) => b.id)).toEqual(ids)
    expect(replayed.map((b) => b.data.n)).toEqual([0, 1, 2, 3, 4, 5])
    for (const sent of hooks.received.slice(before)) expect(await verifies(tenant, sent)).toBe(true)
    for (const id of ids) {
      const delivery = await deliveryOf(tenant, id)
      expect(delivery).toMatchObject({ status: 'DELIVERED', attemptCount: 2, attempts: [{ responseStatus: 503 }, { responseStatus: 200 }] })
      expect(delivery.nextAttemptAt).toBeUndefined()
    }
    // the payment, of a type not replayed, still waits for its retry
    const [payment] = (await callUnary(h.client, h.client.listDeliveries, { limit: 1, webhookType: 'INCOMING_PAYMENT.COMPLETED' }, ctx(tenant))).data
    expect(payment).toMatchObject({ status: 'PENDING', attemptCount: 1 })

    // a replay of delivered ones sends them again, in order, and leaves them delivered
    const again = await replay(tenant, { createdAfter, createdBefore, types: ['CUSTOMER.UPDATED'] })
    await waitUntil(async () => (await replayOf(tenant, again.id)).status === 'COMPLETED', 'the second replay')
    expect(hooks.received.slice(before + 6).map((r) => JSON.parse(r.body).id)).toEqual(ids)
    expect((await deliveryOf(tenant, ids[0]!)).status).toBe('DELIVERED')
  })

  it('lists the log by status, type and creation window, each delivery with its attempts', async () => {
    const tenant = newTenant()
    const hooks = await receiver(() => 503)
    h.endpoints.set(tenant, hooks.url)
    const ids = await failedOnce(tenant, 3)
    const list = async (request: object) => JSON.parse((await callUnary(h.client, h.client.listDeliveries, { limit: 2, ...request }, ctx(tenant))).pageJson)
    const first = await list({ status: 'PENDING', webhookType: 'CUSTOMER.UPDATED' })
    expect(first).toMatchObject({ hasMore: true, totalCount: 3, nextCursor: expect.any(String) })
    expect(first.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]])
    expect(first.data[0]).toMatchObject({ type: 'CUSTOMER.UPDATED', attemptCount: 1, attempts: [{ attemptNumber: 1, responseStatus: 503, url: hooks.url }] })
    expect(first.data[0].payload).toBeUndefined()
    expect(Date.parse(first.data[0].nextAttemptAt)).toBeGreaterThan(Date.now())
    expect((await list({ cursor: first.nextCursor })).data.map((d: { id: string }) => d.id)).toEqual([ids[0]])
    expect(await list({ status: 'DEAD' })).toMatchObject({ data: [], totalCount: 0 })
    expect(await list({ createdAfter: new Date(Date.now() + 60_000) })).toMatchObject({ data: [], totalCount: 0 })
    expect(await list({ createdBefore: new Date(Date.now() - 60_000) })).toMatchObject({ data: [], totalCount: 0 })
    const forged = Buffer.from('Webhook:\u0000', 'utf8').toString('base64url')
    expect((await failure(list({ cursor: forged }))).code).toBe('INVALID_INPUT')
  })

  it('refuses a window that is missing, empty, reversed or longer than 31 days, and blank types', async () => {
    const tenant = newTenant()
    const now = Date.now()
    const refused = async (request: { createdAfter?: Date; createdBefore?: Date; types?: string[] }) => {
      const error = await failure(replay(tenant, request))
      expect(error.code).toBe('INVALID_INPUT')
      return (error.details.errors as { field: string }[]).map((e) => e.field)
    }
    expect(await refused({ createdBefore: new Date(now) })).toEqual(['createdAfter'])
    expect(await refused({ createdAfter: new Date(now) })).toEqual(['createdBefore'])
    expect(await refused({ createdAfter: new Date(now), createdBefore: new Date(now) })).toEqual(['createdBefore'])
    expect(await refused({ createdAfter: new Date(now), createdBefore: new Date(now - 1) })).toEqual(['createdBefore'])
    expect(await refused({ createdAfter: new Date(now - 32 * 86_400_000), createdBefore: new Date(now) })).toEqual(['createdBefore'])
    expect(await refused({ createdAfter: new Date(now - 1_000), createdBefore: new Date(now), types: [''] })).toEqual(['types[0]'])
  })

  it("touches only the caller's deliveries: another tenant's window is empty and its replay NOT_FOUND", async () => {
    const tenant = newTenant()
    const hooks = await receiver(() => 503)
    h.endpoints.set(tenant, hooks.url)
    const createdAfter = new Date(Date.now() - 1_000)
    const [id] = (await failedOnce(tenant, 1)) as [string]
    const window = { createdAfter, createdBefore: new Date(Date.now() + 1_000) }

    const other = newTenant()
    h.endpoints.set(other, hooks.url)
    const theirs = await replay(other, window)
    expect(theirs).toMatchObject({ status: 'COMPLETED', deliveryCount: 0 })
    expect((await failure(callUnary(h.client, h.client.getReplay, { replayId: theirs.id }, ctx(tenant)))).code).toBe('NOT_FOUND')
    // the caller's PENDING delivery was not folded into the other tenant's replay
    expect(Date.parse((await deliveryOf(tenant, id)).nextAttemptAt)).toBeGreaterThan(Date.now())
  })

  it('refuses a replay while the platform has no endpoint to send it to', async () => {
    const tenant = newTenant()
    const error = await failure(replay(tenant, { createdAfter: new Date(Date.now() - 60_000), createdBefore: new Date() }))
    expect(error.code).toBe('WEBHOOK_ENDPOINT_NOT_SET')
  })

  it('answers a retry with the same Idempotency-Key with the first replay, and refuses the key with another window', async () => {
    const tenant = newTenant()
    h.endpoints.set(tenant, 'http://127.0.0.1:9/hooks')
    const window = { createdAfter: new Date(Date.now() - 60_000), createdBefore: new Date() }
    const first = await replay(tenant, window, 'replay-1')
    expect(await replay(tenant, window, 'replay-1')).toEqual(first)
    const reused = await failure(replay(tenant, { ...window, types: ['CUSTOMER.UPDATED'] }, 'replay-1'))
    expect(reused.code).toBe('IDEMPOTENCY_KEY_REUSED')
  })
})
