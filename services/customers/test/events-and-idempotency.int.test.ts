import { callUnary } from '@pp/grpc'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { create, failure, IDEMPOTENCY_KEY_TTL_MS, individual, newTenant, startHarness, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('events')
})
afterAll(() => h?.stop())

interface Envelope {
  type: string
  source: string
  platformId: string
  environment: string
  requestId?: string
  data: { id: string; platformCustomerId?: string; kycStatus?: string; isDeleted: boolean }
}

async function eventsOf(customerId: string): Promise<Envelope[]> {
  const rows = await open(h.db).outboxEvent.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.map((r) => r.payload as unknown as Envelope).filter((e) => e.data.id === customerId)
}

describe('customer events', () => {
  it('writes CREATED, UPDATED and DELETED once each, carrying the customer as the API shows it', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ platformCustomerId: 'evt-1' }))
    const change = UpdateCustomerRequest.fromPartial({ customerId: customer.id, customerType: 'INDIVIDUAL', profile: { email: 'e@example.com' } })
    await callUnary(h.client, h.client.updateCustomer, change, ctx)
    await callUnary(h.client, h.client.deleteCustomer, { customerId: customer.id }, ctx)
    const events = await eventsOf(customer.id)
    expect(events.map((e) => e.type)).toEqual(['CUSTOMER.CREATED', 'CUSTOMER.UPDATED', 'CUSTOMER.DELETED'])
    expect(events[0]).toMatchObject({
      source: 'customers',
      platformId: ctx.platformId,
      environment: 'SANDBOX',
      data: { platformCustomerId: 'evt-1', kycStatus: 'UNVERIFIED' },
    })
    // each carries the request that caused it, for whatever the event causes in turn
    expect(events.map((e) => e.requestId)).toEqual([ctx.requestId, ctx.requestId, ctx.requestId])
    expect(events[2]!.data.isDeleted).toBe(true)
    const rows = await open(h.db).outboxEvent.findMany({ where: { payload: { path: ['data', 'id'], equals: customer.id } } })
    expect(rows.map((r) => r.subject).sort()).toEqual([
      'events.customers.CUSTOMER.CREATED',
      'events.customers.CUSTOMER.DELETED',
      'events.customers.CUSTOMER.UPDATED',
    ])
  })

  it('adds CUSTOMER.KYC_APPROVED when a sandbox individual is approved at creation', async () => {
    const ctx = newTenant()
    h.platforms.set(ctx, { skipVerificationPaperwork: true })
    const customer = await create(h, ctx, individual())
    const events = await eventsOf(customer.id)
    expect(events.map((e) => e.type)).toEqual(['CUSTOMER.CREATED', 'CUSTOMER.KYC_APPROVED'])
    expect(events[1]!.data.kycStatus).toBe('APPROVED')
  })

  it('writes nothing for a call that fails', async () => {
    const before = await open(h.db).outboxEvent.count()
    await failure(create(h, newTenant(), individual({ birthDate: 'yesterday' })))
    expect(await open(h.db).outboxEvent.count()).toBe(before)
  })
})

describe('idempotent CreateCustomer', () => {
  it('answers a retry with the first response and creates nothing more', async () => {
    const ctx = { ...newTenant(), idempotencyKey: 'create-1' }
    const first = await create(h, ctx, individual({ platformCustomerId: 'idem-1' }))
    const retry = await create(h, ctx, individual({ platformCustomerId: 'idem-1' }))
    expect(retry).toEqual(first)
    expect(await open(h.db).customer.count({ where: { platformId: ctx.platformId } })).toBe(1)
    expect((await eventsOf(first.id)).map((e) => e.type)).toEqual(['CUSTOMER.CREATED'])
  })

  it('gives concurrent retries one effect', async () => {
    const ctx = { ...newTenant(), idempotencyKey: 'create-race' }
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(h, ctx, individual({ platformCustomerId: 'idem-race' }))))
    expect(new Set(answers.map((a) => a.id)).size).toBe(1)
    expect(await open(h.db).customer.count({ where: { platformId: ctx.platformId } })).toBe(1)
  })

  it('gives concurrent retries without a platformCustomerId one effect', async () => {
    const ctx = { ...newTenant(), idempotencyKey: 'create-race-anonymous' }
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(h, ctx, individual())))
    expect(new Set(answers.map((a) => a.id)).size).toBe(1)
    expect(await open(h.db).customer.count({ where: { platformId: ctx.platformId } })).toBe(1)
  })

  it('refuses the same key with a different request', async () => {
    const ctx = { ...newTenant(), idempotencyKey: 'create-2' }
    await create(h, ctx, individual({ fullName: 'Jane Doe' }))
    expect((await failure(create(h, ctx, individual({ fullName: 'John Doe' })))).code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('replays until the key is a day old; after it the same key is a new request, whose answer replays in turn', async () => {
    const ctx = { ...newTenant(), idempotencyKey: 'create-expiring' }
    const realClock = h.deps.now
    let now = new Date()
    h.deps.now = () => now
    try {
      const first = await create(h, ctx, individual())
      now = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS - 1)
      expect(await create(h, ctx, individual())).toEqual(first)
      now = new Date(now.getTime() + 1)
      const second = await create(h, ctx, individual())
      expect(second.id).not.toBe(first.id)
      expect(await create(h, ctx, individual())).toEqual(second)
      expect(await open(h.db).customer.count({ where: { platformId: ctx.platformId } })).toBe(2)
      expect(await open(h.db).idempotencyKey.count({ where: { platformId: ctx.platformId } })).toBe(1)
    } finally {
      h.deps.now = realClock
    }
  })

  it('scopes keys to the tenant', async () => {
    const key = 'shared-key'
    const a = await create(h, { ...newTenant(), idempotencyKey: key }, individual())
    const b = await create(h, { ...newTenant(), idempotencyKey: key }, individual())
    expect(a.id).not.toBe(b.id)
  })
})
