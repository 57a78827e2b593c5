import { randomBytes } from 'node:crypto'
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connectNats, developmentSigningKey, ensureEventsStream, EVENTS_STREAM, eventVerifierOf, signedHeaders, type EventEnvelope } from '@pp/events'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { testConnections, waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleEvent, startEventConsumers } from '../src/events/consumers.js'
import { currencyOf, customerData, newTenant, shownPage, startHarness, tenantOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

const logger = createLogger('ledger-provisioning-test', 'silent')
let h: Harness
let handle: ReturnType<typeof handleEvent>
beforeAll(async () => {
  h = await startHarness('provisioning')
  handle = handleEvent(h.deps, logger)
})
afterAll(() => h?.stop())

const envelope = (ctx: Caller, type: string, data: unknown): EventEnvelope => ({
  id: newId('Event'),
  type,
  source: 'customers',
  platformId: ctx.platformId,
  environment: ctx.environment,
  occurredAt: new Date().toISOString(),
  data,
})

async function customerAccounts(ctx: Caller, customerId: string) {
  const page = shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId, limit: 100 }, ctx))
  return page.data.map((a) => ({ type: a.type, currency: currencyOf(a), status: a.status })).sort((a, b) => `${a.type}${a.currency}`.localeCompare(`${b.type}${b.currency}`))
}

async function statusEvents(accountIds: string[]): Promise<Array<{ id: string; status: string; requestId?: string }>> {
  const rows = await open(h.db).outboxEvent.findMany({ where: { subject: 'events.ledger.INTERNAL_ACCOUNT.STATUS_UPDATED' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows
    .map((row) => row.payload as unknown as EventEnvelope<{ id: string; status: string }>)
    .filter(({ data }) => accountIds.includes(data.id))
    .map(({ data: { id, status }, requestId }) => (requestId === undefined ? { id, status } : { id, status, requestId }))
}

const withoutConsent = { agreementConsents: [] }
const later = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000).toISOString()

describe('customer accounts', () => {
  it('open none until the End User Terms are on file, PENDING until approval, then ACTIVE with a status event each', async () => {
    const ctx = newTenant()
    const customer = customerData({ ...withoutConsent, kycStatus: 'UNVERIFIED' })
    await handle(envelope(ctx, 'CUSTOMER.CREATED', customer))
    expect(await customerAccounts(ctx, String(customer.id))).toEqual([])

    const consented = customerData({ id: customer.id, kycStatus: 'UNVERIFIED', updatedAt: later(String(customer.updatedAt), 1) })
    await handle(envelope(ctx, 'CUSTOMER.UPDATED', consented))
    expect(await customerAccounts(ctx, String(customer.id))).toEqual([
      { type: 'EMBEDDED_WALLET', currency: 'USDB', status: 'PENDING' },
      { type: 'INTERNAL_CRYPTO', currency: 'USDB', status: 'PENDING' },
      { type: 'INTERNAL_FIAT', currency: 'EUR', status: 'PENDING' },
      { type: 'INTERNAL_FIAT', currency: 'USD', status: 'PENDING' },
    ])

    // the approval came from a platform's request: the accounts' events name it, for what they cause in turn
    const approved = { ...consented, kycStatus: 'APPROVED', updatedAt: later(String(customer.updatedAt), 2) }
    await handle({ ...envelope(ctx, 'CUSTOMER.KYC_APPROVED', approved), requestId: 'req-approval' })
    const page = shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId: String(customer.id), limit: 0 }, ctx))
    expect(page.data.map((a) => a.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE'])
    const ids = page.data.map((a) => a.id)
    expect((await statusEvents(ids)).sort((a, b) => a.id.localeCompare(b.id))).toEqual(ids.sort().map((id) => ({ id, status: 'ACTIVE', requestId: 'req-approval' })))
  })

  it('need no consent on a regulated platform; production has no Global Account', async () => {
    const ctx = newTenant('PRODUCTION')
    h.platforms.set(tenantOf(ctx), { isRegulatedFinancialInstitution: true, supportedCurrencies: ['USD', 'USDB'] })
    const customer = customerData({ ...withoutConsent, customerType: 'BUSINESS', kycStatus: undefined, kybStatus: 'APPROVED' })
    await handle(envelope(ctx, 'CUSTOMER.CREATED', customer))
    expect(await customerAccounts(ctx, String(customer.id))).toEqual([
      { type: 'INTERNAL_CRYPTO', currency: 'USDB', status: 'ACTIVE' },
      { type: 'INTERNAL_FIAT', currency: 'USD', status: 'ACTIVE' },
    ])
  })

  it('provision exactly once under redelivery, concurrent or late', async () => {
    const ctx = newTenant()
    const customer = customerData()
    const created = envelope(ctx, 'CUSTOMER.CREATED', customer)
    await Promise.all([handle(created), handle(created), handle(envelope(ctx, 'CUSTOMER.KYC_APPROVED', customer)), handle(created)])
    await handle(created)
    const accounts = shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId: String(customer.id), limit: 0 }, ctx))
    expect(accounts.totalCount).toBe(4)
    const ids = accounts.data.map((a) => a.id)
    expect(await statusEvents(ids)).toHaveLength(4)
  })

  it('keep the newest snapshot: an older redelivered event does not undo consent or approval', async () => {
    const ctx = newTenant()
    const old = customerData({ ...withoutConsent, kycStatus: 'UNVERIFIED' })
    const current = { ...customerData({ id: old.id }), updatedAt: later(String(old.updatedAt), 5) }
    await handle(envelope(ctx, 'CUSTOMER.UPDATED', current))
    await handle(envelope(ctx, 'CUSTOMER.CREATED', old))
    const holder = await open(h.db).accountHolder.findFirst({ where: { customerId: String(old.id) } })
    expect(holder).toMatchObject({ isTermsAccepted: true, verificationStatus: 'APPROVED' })
    expect((await customerAccounts(ctx, String(old.id))).every((a) => a.status === 'ACTIVE')).toBe(true)
  })

  it('open nothing for a deleted customer and skip events that are not about a customer', async () => {
    const ctx = newTenant()
    const deleted = customerData({ isDeleted: true })
    await handle(envelope(ctx, 'CUSTOMER.DELETED', deleted))
    await handle(envelope(ctx, 'CUSTOMER.CREATED', { nope: true }))
    await handle({ ...envelope(ctx, 'CUSTOMER.CREATED', customerData()), environment: 'STAGING' })
    await handle(envelope(ctx, 'TOKEN.CREATED', { tokenId: 'Token:1' }))
    expect(shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { limit: 0 }, ctx)).totalCount).toBe(0)
  })
})

describe('platform accounts', () => {
  it('open one ACTIVE holding account per supported currency, and more when currencies are added', async () => {
    const ctx = newTenant()
    h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD', 'BTC'] })
    await handle(envelope(ctx, 'PLATFORM.CREATED', { platformId: ctx.platformId }))
    await handle(envelope(ctx, 'PLATFORM.CREATED', { platformId: ctx.platformId }))
    const listed = async () =>
      shownPage(await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { limit: 0 }, ctx)).data.map((a) => `${a.type} ${currencyOf(a)} ${a.status} ${a.customerId ?? '-'}`).sort()
    expect(await listed()).toEqual(['INTERNAL_CRYPTO BTC ACTIVE -', 'INTERNAL_FIAT USD ACTIVE -'])
    h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD', 'BTC', 'EUR'] })
    await handle(envelope(ctx, 'PLATFORM.CONFIG_UPDATED', {}))
    expect(await listed()).toEqual(['INTERNAL_CRYPTO BTC ACTIVE -', 'INTERNAL_FIAT EUR ACTIVE -', 'INTERNAL_FIAT USD ACTIVE -'])
  })
})

describe('through NATS', () => {
  it('provisions from events on the stream through durable consumers, once per customer even when published twice', async () => {
    const { natsUrl } = await testConnections()
    const nats = await connectNats(natsUrl, 'ledger-provisioning-test')
    await ensureEventsStream(nats)
    // subjects and consumers of this file's own, so it sees only its own events
    const source = `ledgertest${randomBytes(4).toString('hex')}`
    const durablePrefix = `${source}-ledger`
    const consumers = await startEventConsumers(h.deps, nats, logger, {
      durablePrefix,
      customerSubject: `events.${source}.CUSTOMER.>`,
      platformSubject: `events.${source}.PLATFORM.>`,
      verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger),
      retryDelayMs: 50,
    })
    try {
      const ctx = newTenant()
      const customer = customerData()
      const js = jetstream(nats)
      // as this file's own source, which signs it as a producer would
      const publish = (event: EventEnvelope) => {
        const published = { ...event, source }
        return js.publish(`events.${source}.${event.type}`, JSON.stringify(published), { headers: signedHeaders(developmentSigningKey(source), published) })
      }
      const created = envelope(ctx, 'CUSTOMER.CREATED', customer)
      await publish(created)
      // the same event again under another message id: JetStream cannot drop it, the ledger must
      await publish({ ...created, id: newId('Event') })
      await publish(envelope(ctx, 'PLATFORM.CONFIG_UPDATED', {}))
      const page = () => callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { limit: 0 }, ctx).then(shownPage)
      await waitUntil(async () => (await page()).totalCount === 3, 'the platform accounts')
      const accounts = () => callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId: String(customer.id), limit: 0 }, ctx).then(shownPage)
      await waitUntil(async () => (await accounts()).data.every((a) => a.status === 'ACTIVE') && (await accounts()).totalCount === 4, 'the customer accounts')
      const info = await (await jetstreamManager(nats)).consumers.info(EVENTS_STREAM, `${durablePrefix}-customers`)
      await waitUntil(async () => (await (await jetstreamManager(nats)).consumers.info(EVENTS_STREAM, `${durablePrefix}-customers`)).num_ack_pending === 0, 'acks')
      expect(info.config.filter_subject).toBe(`events.${source}.CUSTOMER.>`)
      expect((await accounts()).totalCount).toBe(4)
    } finally {
      await consumers.stop()
      const jsm = await jetstreamManager(nats)
      for (const name of ['customers', 'platform']) await jsm.consumers.delete(EVENTS_STREAM, `${durablePrefix}-${name}`).catch(() => undefined)
      await nats.drain()
    }
  })
})
