import { createPublicKey, verify } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { callUnary } from '@pp/grpc'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newTenant, transaction } from './support/events.js'
import { callContext, failure, signingKeyOf, startHarness, type Harness } from './support/harness.js'
import { always, sequence, startReceiver, type Receiver } from './support/receiver.js'

let h: Harness
const receivers: Receiver[] = []

async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args)
  receivers.push(started)
  return started
}

beforeAll(async () => {
  h = await startHarness('delivery')
})

afterAll(async () => {
  await h.stop()
  await Promise.all(receivers.map((r) => r.close()))
})

describe('delivering an event', () => {
  it('POSTs a signed INCOMING_PAYMENT that verifies with nothing but the public key', async () => {
    const tenant = newTenant()
    const hooks = await receiver()
    h.endpoints.set(tenant, hooks.url)
    const paid = transaction('COMPLETED')
    const event = await h.events.publish(tenant, 'INCOMING_PAYMENT', { type: 'INCOMING_PAYMENT', transaction: paid })

    await waitUntil(async () => hooks.received.length === 1, 'the webhook at the receiver')
    const [{ headers, body }] = hooks.received as [(typeof hooks.received)[number]]
    const key = await signingKeyOf(h, tenant)
    const signature = Buffer.from(String(headers['x-service-signature']), 'base64')
    expect(p256.verify(signature, Buffer.from(body), Buffer.from(key.publicKey, 'hex'), { format: 'der' })).toBe(true)
    expect(verify('sha256', Buffer.from(body), createPublicKey(key.publicKeyPem), signature)).toBe(true)
    expect(p256.verify(signature, Buffer.from(body.replace('10000', '10001')), Buffer.from(key.publicKey, 'hex'), { format: 'der' })).toBe(false)

    const webhook = JSON.parse(body)
    // the reference's timestamp: when the webhook was sent (this attempt), not when the event happened
    expect(webhook).toEqual({ id: headers['x-service-event-id'], type: 'INCOMING_PAYMENT.COMPLETED', timestamp: expect.any(String), data: paid, transaction: paid })
    expect(Date.parse(webhook.timestamp)).toBeGreaterThanOrEqual(Date.parse(event.occurredAt))
    expect(headers).toMatchObject({ 'content-type': 'application/json', 'x-service-webhook-type': 'INCOMING_PAYMENT.COMPLETED', 'x-service-delivery-attempt': '1' })
    const [delivery] = await h.waitForLog(tenant, 1, (d) => d.status === 'DELIVERED', 'the delivery marked delivered')
    expect(delivery).toMatchObject({ id: webhook.id, eventId: event.id, webhookType: 'INCOMING_PAYMENT.COMPLETED', attemptCount: 1, payload: body })
    expect(delivery!.attempts).toEqual([expect.objectContaining({ attemptNumber: 1, url: hooks.url, statusCode: 200 })])
  })

  it('sends a customer change as the customer webhook, the customer as data', async () => {
    const tenant = newTenant()
    const hooks = await receiver()
    h.endpoints.set(tenant, hooks.url)
    const customer = { id: 'Customer:019542f5-b3e7-7d02-8000-000000000001', customerType: 'INDIVIDUAL', kycStatus: 'APPROVED', fullName: 'Jane Doe' }
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', customer)

    await waitUntil(async () => hooks.received.length === 1, 'the customer webhook')
    expect(JSON.parse(hooks.received[0]!.body)).toMatchObject({ type: 'CUSTOMER.UPDATED', data: customer })
  })

  it('acknowledges events that are no webhook and sends nothing for them', async () => {
    const tenant = newTenant()
    const hooks = await receiver()
    h.endpoints.set(tenant, hooks.url)
    await h.events.publish(tenant, 'TOKEN.CREATED', { tokenId: 'Token:1' })
    await h.events.publish(tenant, 'PLATFORM.CONFIG_UPDATED', {})
    await h.events.publish(tenant, 'CUSTOMER.KYC_APPROVED', { id: 'Customer:1' })

    await h.waitForLog(tenant, 1, (d) => d.status === 'DELIVERED', 'the one webhook among the events')
    expect(hooks.received.map((r) => JSON.parse(r.body).type)).toEqual(['CUSTOMER.KYC_APPROVED'])
  })

  it('makes one delivery of an event that reaches the consumer twice', async () => {
    const tenant = newTenant()
    const hooks = await receiver()
    h.endpoints.set(tenant, hooks.url)
    const event = await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' }, { id: event.id, occurredAt: event.occurredAt })
    await h.events.publish(tenant, 'CUSTOMER.DELETED', { id: 'Customer:1' })

    const log = await h.waitForLog(tenant, 2, (d) => d.status === 'DELIVERED', 'both events delivered')
    expect(log.map((d) => d.webhookType).sort()).toEqual(['CUSTOMER.DELETED', 'CUSTOMER.UPDATED'])
    expect(hooks.received).toHaveLength(2)
  })
})

describe('retries', () => {
  it('retries 500, 500, 500 then 200: four POSTs of the same webhook, four attempts logged, one success', async () => {
    const tenant = newTenant()
    const hooks = await receiver(sequence(500, 500, 500, 200))
    h.endpoints.set(tenant, hooks.url)
    await h.events.publish(tenant, 'OUTGOING_PAYMENT', { type: 'OUTGOING_PAYMENT.COMPLETED', transaction: { ...transaction(), type: 'OUTGOING' } })

    const [delivery] = await h.waitForLog(tenant, 1, (d) => d.status === 'DELIVERED', 'the delivery after three failures')
    expect(hooks.received).toHaveLength(4)
    // the same webhook each time; only its timestamp (when that attempt was sent) changes
    const { timestamp: _, ...webhook } = JSON.parse(hooks.received[0]!.body)
    for (const { body } of hooks.received) expect(JSON.parse(body)).toEqual({ ...webhook, timestamp: expect.any(String) })
    expect(new Set(hooks.received.map((r) => r.headers['x-service-event-id'])).size).toBe(1)
    expect(hooks.received.map((r) => r.headers['x-service-delivery-attempt'])).toEqual(['1', '2', '3', '4'])
    expect(delivery!.attemptCount).toBe(4)
    expect(delivery!.attempts.map((a) => [a.attemptNumber, a.statusCode, a.error])).toEqual([
      [1, 500, 'HTTP 500'], [2, 500, 'HTTP 500'], [3, 500, 'HTTP 500'], [4, 200, undefined],
    ])
    for (const attempt of delivery!.attempts) {
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0)
      expect(attempt.finishedAt!.getTime()).toBeGreaterThanOrEqual(attempt.startedAt!.getTime())
    }
  })

  it('dead-letters a delivery once the schedule is used up, after 1 + retries attempts', async () => {
    const tenant = newTenant()
    const hooks = await receiver(always(503))
    h.endpoints.set(tenant, hooks.url)
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })

    const [delivery] = await h.waitForLog(tenant, 1, (d) => d.status === 'DEAD', 'the dead-lettered delivery')
    expect(delivery).toMatchObject({ attemptCount: 4, nextAttemptAt: undefined, deliveredAt: undefined })
    expect(delivery!.deadAt).toBeInstanceOf(Date)
    expect(hooks.received).toHaveLength(4)
    const dead = await callUnary(h.client, h.client.listDeliveries, { limit: 10, status: 'DEAD' }, callContext(tenant))
    expect(dead.data.map((d) => d.id)).toEqual([delivery!.id])
  })

  it('records a refused connection as a failed attempt, and delivers once the platform sets an endpoint that answers', async () => {
    const tenant = newTenant()
    const closed = await startReceiver()
    await closed.close()
    const hooks = await receiver()
    h.endpoints.set(tenant, closed.url)
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:1' })
    await h.waitForLog(tenant, 1, (d) => d.attemptCount >= 1, 'a first refused attempt')
    await h.changeEndpoint(tenant, hooks.url)

    const log = await h.waitForLog(tenant, 2, (d) => d.status === 'DELIVERED', 'the delivery, and the TEST webhook, at the new endpoint')
    const delivery = log.find((d) => d.webhookType === 'CUSTOMER.UPDATED')!
    expect(delivery.attempts[0]).toMatchObject({ url: closed.url, statusCode: undefined, error: expect.stringMatching(/^connection failed: ECONNREFUSED/) })
    expect(delivery.attempts.at(-1)).toMatchObject({ url: hooks.url, statusCode: 200 })
    expect(log.find((d) => d.webhookType === 'TEST')).toMatchObject({ attemptCount: 1, status: 'DELIVERED' })
  })
})

describe('the delivery log', () => {
  it("pages newest first and hides other tenants' deliveries", async () => {
    const tenant = newTenant()
    const hooks = await receiver()
    h.endpoints.set(tenant, hooks.url)
    for (let i = 0; i < 3; i += 1) await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: `Customer:${i}` })
    await h.waitForLog(tenant, 3, (d) => d.status === 'DELIVERED', 'three deliveries')

    const first = await callUnary(h.client, h.client.listDeliveries, { limit: 2 }, callContext(tenant))
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 })
    const second = await callUnary(h.client, h.client.listDeliveries, { limit: 2, cursor: first.nextCursor }, callContext(tenant))
    expect(second).toMatchObject({ hasMore: false, nextCursor: undefined, totalCount: 3 })
    const ids = [...first.data, ...second.data].map((d) => d.id)
    expect(ids).toEqual([...ids].sort().reverse())

    const other = newTenant()
    expect((await failure(callUnary(h.client, h.client.getDelivery, { deliveryId: ids[0]! }, callContext(other)))).code).toBe('NOT_FOUND')
    expect((await callUnary(h.client, h.client.getDelivery, { deliveryId: ids[0]! }, callContext(tenant))).delivery?.id).toBe(ids[0])
    expect((await failure(callUnary(h.client, h.client.listDeliveries, { limit: 101 }, callContext(tenant)))).code).toBe('INVALID_INPUT')
    expect((await failure(callUnary(h.client, h.client.listDeliveries, { limit: 1, status: 'LOST' }, callContext(tenant)))).code).toBe('INVALID_INPUT')
  })

  it('names the request that caused the event, when one did', async () => {
    const tenant = newTenant()
    const hooks = await receiver()
    h.endpoints.set(tenant, hooks.url)
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:traced' }, { requestId: 'req-traced' })
    await h.events.publish(tenant, 'CUSTOMER.UPDATED', { id: 'Customer:untraced' })
    await h.waitForLog(tenant, 2, (d) => d.status === 'DELIVERED', 'two deliveries')
    const { data } = await callUnary(h.client, h.client.listDeliveries, { limit: 10 }, callContext(tenant))
    const requestOf = (customerId: string) => data.find((d) => JSON.parse(d.payload).data.id === customerId)?.requestId
    expect([requestOf('Customer:traced'), requestOf('Customer:untraced')]).toEqual(['req-traced', undefined])
  })
})
