import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, type Browser } from '../../gateway/test/support/browser.js'
import {
  activeCard,
  authorize,
  balances,
  createDelegatedKey,
  fundedCard as fundedCardOn,
  issueCard,
  merchant,
  platformWorld,
  simulate,
  transactionAt,
  transactionWebhooks,
  walletOf,
  webhookOf,
} from './cards-support.js'
import { type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'
import { createCustomer, type PaymentsWorld } from './payments-support.js'
import { SHARED_MESH_ENV } from './shared-mesh.setup.js'
import { startWebhookReceiver } from './webhook-receiver.js'

/**
 * Cards through the gateway on the real mesh: issuing and its refusals, every state transition and
 * every refused one with its code, each sandbox simulation with the balances before and after and
 * the webhooks it raised, tenant isolation, the authorization race, and the reveal page in Chromium.
 */
const LIVE_CARDS_MAX = Number(SHARED_MESH_ENV.CARDS_MAX_LIVE_PER_PLATFORM)
/** A test that waits for a dozen webhooks in turn: each wait may take its own 30 s on a loaded machine, and says what it waited for. */
const LONG_STORY_TIMEOUT_MS = 90_000
const UUIDS = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi

let mesh: Mesh
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let browser: Browser
let world: PaymentsWorld

beforeAll(async () => {
  mesh = sharedMesh()
  const started = await Promise.allSettled([
    startWebhookReceiver().then((r) => (receiver = r)),
    launchChromium().then((b) => (browser = b)),
  ])
  const failure = started.find((part) => part.status === 'rejected')
  if (failure) throw failure.reason
  world = await platformWorld(mesh, receiver, 'cards')
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await receiver?.close()
  await mesh?.stop()
})

const webhookTypesOf = (id: string, family: string): string[] =>
  receiver.received.filter((w) => w.body.type?.startsWith(family) && w.body.data.id === id).map((w) => `${w.body.type}:${w.body.data.state}`)

const fundedCard = (amount: number, extra: Record<string, unknown> = {}) => fundedCardOn(mesh, receiver, amount, extra)

describe('issuing', () => {
  it('issues a PROCESSING card that its activation job makes ACTIVE; the card never shows its number', async () => {
    const customer = await createCustomer(world)
    const card = await issueCard(world, customer, { platformCardId: 'emp-001', maxSpendPerTransaction: 5_000 })
    expect(card).toMatchObject({
      id: expect.stringMatching(/^Card:/),
      cardholderId: customer.id,
      platformCardId: 'emp-001',
      state: 'PROCESSING',
      stateReason: null,
      brand: 'VISA',
      form: 'VIRTUAL',
      last4: expect.stringMatching(/^\d{4}$/),
      fundingSources: [customer.accounts.USD],
      maxSpendPerTransaction: 5_000,
      currency: 'USD',
    })
    // no run of a card number's digits, once the ids are out (a uuid's last group is all digits now and then)
    expect(JSON.stringify(card).replace(UUIDS, '')).not.toMatch(/\d{12,}/)
    await webhookOf(world, (w) => w.body.type === 'CARD.STATE_CHANGE' && w.body.data.id === card.id)
    const active = (await world.api('GET', `/cards/${card.id}`)).body
    expect(active.state).toBe('ACTIVE')
    expect(webhookTypesOf(card.id, 'CARD.')).toEqual(['CARD.STATE_CHANGE:ACTIVE'])
  })

  it('lists with every filter and keyset pages', async () => {
    const w = await platformWorld(mesh, receiver, 'cards-list')
    const [first, second] = [await createCustomer(w), await createCustomer(w)]
    const a = await issueCard(w, first, { platformCardId: 'list-a' })
    const b = await issueCard(w, first)
    const c = await issueCard(w, second)
    const ids = async (query: string) => ((await w.api('GET', `/cards${query}`)).body.data as any[]).map((card) => card.id)
    expect(await ids('')).toEqual([c.id, b.id, a.id])
    expect(await ids('?sortOrder=asc')).toEqual([a.id, b.id, c.id])
    expect(await ids(`?cardholderId=${encodeURIComponent(first.id)}`)).toEqual([b.id, a.id])
    expect(await ids(`?accountId=${encodeURIComponent(second.accounts.USD!)}`)).toEqual([c.id])
    expect(await ids('?platformCardId=list-a')).toEqual([a.id])
    await webhookOf(w, (hook) => hook.body.type === 'CARD.STATE_CHANGE' && hook.body.data.id === c.id)
    expect((await ids('?state=ACTIVE')).length + (await ids('?state=PROCESSING')).length).toBe(3)
    const page1 = (await w.api('GET', '/cards?limit=2')).body
    expect(page1).toMatchObject({ hasMore: true, totalCount: 3 })
    const page2 = (await w.api('GET', `/cards?limit=2&cursor=${page1.nextCursor}`)).body
    expect([...page1.data, ...page2.data].map((card: any) => card.id)).toEqual([c.id, b.id, a.id])
    expect(page2).toMatchObject({ hasMore: false, totalCount: 3 })
    expect((await w.api('GET', '/cards?state=OPEN')).status).toBe(400)
  })

  it('refuses a cardholder whose KYC is not APPROVED, accounts that are not theirs or cannot fund a card, and malformed requests', async () => {
    const unverifiedPlatform = await platformWorld(mesh, receiver, 'cards-kyc', false)
    const unverified = await createCustomer(unverifiedPlatform, { acceptsTerms: false })
    const kyc = await unverifiedPlatform.api('POST', '/cards', { cardholderId: unverified.id, form: 'VIRTUAL', fundingSources: [`InternalAccount:${crypto.randomUUID()}`] })
    expect({ status: kyc.status, code: kyc.body.code }).toEqual({ status: 400, code: 'CARDHOLDER_KYC_NOT_APPROVED' })

    const [holder, other] = [await createCustomer(world), await createCustomer(world)]
    const refused = async (body: Record<string, unknown>) => {
      const answer = await world.api('POST', '/cards', { cardholderId: holder.id, form: 'VIRTUAL', ...body })
      return { status: answer.status, code: answer.body.code }
    }
    expect(await refused({ fundingSources: [other.accounts.USD] })).toEqual({ status: 400, code: 'FUNDING_SOURCE_INELIGIBLE' })
    expect(await refused({ fundingSources: [holder.accounts.EUR] })).toEqual({ status: 400, code: 'FUNDING_SOURCE_INELIGIBLE' })
    expect(await refused({ fundingSources: [] })).toEqual({ status: 400, code: 'INVALID_INPUT' })
    expect(await refused({ fundingSources: [holder.accounts.USD], form: 'PHYSICAL' })).toEqual({ status: 400, code: 'INVALID_INPUT' })
    expect(await refused({ fundingSources: [holder.accounts.USD], maxSpendPerTransaction: 0 })).toEqual({ status: 400, code: 'INVALID_INPUT' })
    const missing = await world.api('POST', '/cards', { cardholderId: unverified.id, form: 'VIRTUAL', fundingSources: [holder.accounts.USD] })
    expect({ status: missing.status, code: missing.body.code }).toEqual({ status: 404, code: 'CUSTOMER_NOT_FOUND' })
    expect(((await world.api('GET', `/cards?cardholderId=${encodeURIComponent(holder.id)}`)).body.data as any[])).toEqual([])
  })

  it("enforces the platform's maximum of live cards atomically, and closing a card frees its slot", async () => {
    const w = await platformWorld(mesh, receiver, 'cards-limit')
    const customer = await createCustomer(w)
    const body = { cardholderId: customer.id, form: 'VIRTUAL', fundingSources: [customer.accounts.USD] }
    const answers = await Promise.all(Array.from({ length: LIVE_CARDS_MAX + 3 }, () => w.api('POST', '/cards', body)))
    const created = answers.filter((a) => a.status === 201)
    expect(created).toHaveLength(LIVE_CARDS_MAX)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(['CARD_LIMIT_REACHED', 'CARD_LIMIT_REACHED', 'CARD_LIMIT_REACHED'])
    const first = created[0]!.body
    await webhookOf(w, (hook) => hook.body.type === 'CARD.STATE_CHANGE' && hook.body.data.id === first.id)
    expect((await w.api('PATCH', `/cards/${first.id}`, { state: 'CLOSED' })).status).toBe(200)
    expect((await w.api('POST', '/cards', body)).status).toBe(201)
    expect((await w.api('POST', '/cards', body)).body.code).toBe('CARD_LIMIT_REACHED')
  })
})

describe('the card state table', () => {
  it('moves ACTIVE ⇄ FROZEN and to CLOSED with a webhook each, and refuses every other transition with its code', async () => {
    const customer = await createCustomer(world)
    const card = await issueCard(world, customer)
    const patch = async (body: unknown) => {
      const answer = await world.api('PATCH', `/cards/${card.id}`, body)
      return answer.status === 200 ? answer.body.state : `${answer.status} ${answer.body.code}`
    }
    expect(await patch({ state: 'FROZEN' })).toBe('409 INVALID_STATE_TRANSITION')
    await webhookOf(world, (w) => w.body.type === 'CARD.STATE_CHANGE' && w.body.data.id === card.id)
    expect(await patch({ state: 'ACTIVE' })).toBe('409 INVALID_STATE_TRANSITION')
    expect(await patch({ state: 'FROZEN' })).toBe('FROZEN')
    expect(await patch({ state: 'FROZEN' })).toBe('409 INVALID_STATE_TRANSITION')
    expect(await patch({ state: 'ACTIVE' })).toBe('ACTIVE')
    expect(await patch({ state: 'FROZEN' })).toBe('FROZEN')
    expect(await patch({ state: 'CLOSED', fundingSources: [customer.accounts.USD] })).toBe('400 INVALID_INPUT')
    expect(await patch({ state: 'OPEN' })).toBe('400 INVALID_INPUT')
    expect(await patch({})).toBe('400 INVALID_INPUT')
    const closed = await world.api('PATCH', `/cards/${card.id}`, { state: 'CLOSED' })
    expect(closed.body).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM', fundingSources: [] })
    expect(await patch({ state: 'CLOSED' })).toBe('409 CARD_ALREADY_CLOSED')
    expect(await patch({ state: 'ACTIVE' })).toBe('409 CARD_NOT_MUTABLE')
    expect(await patch({ maxSpendPerTransaction: 100 })).toBe('409 CARD_NOT_MUTABLE')
    expect(await patch({ fundingSources: [customer.accounts.USD] })).toBe('409 CARD_NOT_MUTABLE')
    await webhookOf(world, (w) => w.body.type === 'CARD.STATE_CHANGE' && w.body.data.id === card.id && w.body.data.state === 'CLOSED')
    expect(webhookTypesOf(card.id, 'CARD.')).toEqual([
      'CARD.STATE_CHANGE:ACTIVE', 'CARD.STATE_CHANGE:FROZEN', 'CARD.STATE_CHANGE:ACTIVE', 'CARD.STATE_CHANGE:FROZEN', 'CARD.STATE_CHANGE:CLOSED',
    ])
  })

  it('replaces funding sources (CARD.FUNDING_SOURCE_CHANGE) and sets and clears the spending limit', async () => {
    const customer = await createCustomer(world)
    const card = await activeCard(world, customer)
    const replaced = await world.api('PATCH', `/cards/${card.id}`, { fundingSources: [customer.accounts.USD] })
    expect(replaced.status).toBe(200)
    const change = await webhookOf(world, (w) => w.body.type === 'CARD.FUNDING_SOURCE_CHANGE' && w.body.data.id === card.id)
    expect(change.body.data).toEqual(replaced.body)
    const ineligible = await world.api('PATCH', `/cards/${card.id}`, { fundingSources: [customer.accounts.EUR] })
    expect({ status: ineligible.status, code: ineligible.body.code }).toEqual({ status: 400, code: 'FUNDING_SOURCE_INELIGIBLE' })
    expect((await world.api('PATCH', `/cards/${card.id}`, { maxSpendPerTransaction: 2_500 })).body.maxSpendPerTransaction).toBe(2_500)
    expect((await world.api('PATCH', `/cards/${card.id}`, { maxSpendPerTransaction: null })).body.maxSpendPerTransaction).toBeNull()
    expect(webhookTypesOf(card.id, 'CARD.FUNDING_SOURCE_CHANGE')).toHaveLength(1)
  })
})

describe('tenant isolation', () => {
  it("answers another platform's card 404 on every route", async () => {
    const { card, w } = await fundedCard(5_000)
    const t = await authorize(w, card.id, 100)
    const other = await platformWorld(mesh, receiver, 'cards-other')
    const routes: [string, string, unknown][] = [
      ['GET', `/cards/${card.id}`, undefined],
      ['PATCH', `/cards/${card.id}`, { state: 'FROZEN' }],
      ['POST', `/cards/${card.id}/reveal`, undefined],
      ['GET', `/transactions/${t.id}`, undefined],
      ...['authorization', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization', 'credit_authorization_advice'].map(
        (path): [string, string, unknown] => ['POST', `/sandbox/cards/${card.id}/simulate/${path}`, { amount: 100, currency: { code: 'USD' }, merchant: merchant('SHOP') }],
      ),
      ['POST', `/sandbox/cards/${card.id}/simulate/balance_inquiry`, { merchant: merchant('SHOP') }],
      ['POST', `/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: t.id, amount: 100 }],
      ['POST', `/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: t.id, amount: 100 }],
      ['POST', `/sandbox/cards/${card.id}/simulate/authorization_advice`, { cardTransactionId: t.id, amount: 100 }],
      ['POST', `/sandbox/cards/${card.id}/simulate/return_reversal`, { cardTransactionId: t.id }],
    ]
    for (const [method, path, body] of routes) {
      const answer = await other.api(method, path, body)
      expect({ route: `${method} ${path}`, status: answer.status }).toEqual({ route: `${method} ${path}`, status: 404 })
    }
    expect((await other.api('GET', '/cards')).body).toMatchObject({ data: [], totalCount: 0 })
    expect((await w.api('GET', `/cards/${card.id}`)).body.state).toBe('ACTIVE')
  })
})

describe('card money on the ledger', () => {
  it('authorization holds, a partial clearing posts part and releases the rest, a later clearing pulls after the fact; returns credit and a reversal undoes the last', async () => {
    const { w, customer, card } = await fundedCard(10_000)
    expect(await balances(w, customer)).toEqual({ available: 10_000, total: 10_000 })
    const t = await authorize(w, card.id, 1_250)
    expect(t).toMatchObject({ type: 'CARD', status: 'AUTHORIZED', direction: 'DEBIT', cardId: card.id, accountId: customer.accounts.USD, authorizedAmount: { amount: 1_250 } })
    expect(await balances(w, customer)).toEqual({ available: 8_750, total: 10_000 })
    expect(await transactionAt(w, t.id, 'AUTHORIZED')).toEqual(t)

    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: t.id, amount: 1_000 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 9_000, total: 9_000 })
    expect(await transactionAt(w, t.id, 'PARTIALLY_SETTLED')).toMatchObject({ settledAmount: { amount: 1_000 }, settlementSummary: { count: 1, totalAmount: 1_000 } })
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: t.id, amount: 250 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 8_750, total: 8_750 })
    expect(await transactionAt(w, t.id, 'SETTLED')).toMatchObject({ settledAmount: { amount: 1_250 }, pullSummary: { count: 2, totalAmount: 1_250, pendingCount: 0 } })

    expect((await simulate(w, card.id, 'return', { cardTransactionId: t.id, amount: 2_000 })).body.code).toBe('INVALID_INPUT')
    expect((await simulate(w, card.id, 'return', { cardTransactionId: t.id, amount: 500 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 9_250, total: 9_250 })
    expect((await simulate(w, card.id, 'return_reversal', { cardTransactionId: t.id })).body.code).toBe('CONFLICT')
    expect((await simulate(w, card.id, 'return', { cardTransactionId: t.id, amount: 750 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 10_000, total: 10_000 })
    expect(await transactionAt(w, t.id, 'REFUNDED')).toMatchObject({ refundedAmount: { amount: 1_250 }, refundSummary: { count: 2, totalAmount: 1_250 } })
    expect((await simulate(w, card.id, 'return_reversal', { cardTransactionId: t.id })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 9_250, total: 9_250 })
    expect(await transactionAt(w, t.id, 'SETTLED')).toMatchObject({ refundedAmount: { amount: 500 }, refundSummary: { count: 1, totalAmount: 500 } })
    // the reversal's SETTLED looks like the one of the first return (500 refunded, once): wait for
    // all six rather than for a webhook that matches either; they come in any order
    await waitUntil(async () => transactionWebhooks(w, t.id).length >= 6, 'the reversal\'s webhook', 30_000)
    expect(transactionWebhooks(w, t.id).sort()).toEqual([
      'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.REFUNDED',
      'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.SETTLED',
    ])
  }, LONG_STORY_TIMEOUT_MS)

  it('clears above the authorization (a tip pulled after the fact), expires an authorization cleared at 0 and posts a later clearing as a late presentment', async () => {
    const { w, customer, card } = await fundedCard(5_000)
    const tip = await authorize(w, card.id, 1_000)
    await simulate(w, card.id, 'clearing', { cardTransactionId: tip.id, amount: 1_200 })
    expect(await balances(w, customer)).toEqual({ available: 3_800, total: 3_800 })
    expect(await transactionAt(w, tip.id, 'SETTLED')).toMatchObject({ settledAmount: { amount: 1_200 } })
    const expiring = await authorize(w, card.id, 700)
    expect(await balances(w, customer)).toEqual({ available: 3_100, total: 3_800 })
    await simulate(w, card.id, 'clearing', { cardTransactionId: expiring.id, amount: 0 })
    expect(await balances(w, customer)).toEqual({ available: 3_800, total: 3_800 })
    const expired = await transactionAt(w, expiring.id, 'SETTLED')
    expect(expired).not.toHaveProperty('settledAmount')
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: expiring.id, amount: 0 })).body.code).toBe('CONFLICT')
    // a clearing after the expiry is a late presentment: posted as a new pull, once
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: expiring.id, amount: 700 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 3_100, total: 3_100 })
    await waitUntil(async () => (await transactionAt(w, expiring.id, 'SETTLED')).settledAmount?.amount === 700, 'the late presentment', 30_000)
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: expiring.id, amount: 10 })).body.code).toBe('CONFLICT')
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: `CardTransaction:${crypto.randomUUID()}`, amount: 10 })).status).toBe(400)
  })

  it('declines for funds (002 and a real shortfall), as paused (003, a frozen card) and above the spending limit, moving nothing', async () => {
    const { w, customer, card } = await fundedCard(2_000, { maxSpendPerTransaction: 1_500 })
    const declined = async (amount: number, descriptor: string) => {
      const answer = await simulate(w, card.id, 'authorization', { amount, currency: { code: 'USD' }, merchant: merchant(descriptor) })
      expect(answer.status).toBe(202)
      return answer.body.issuerTransactionToken as string
    }
    const tokens = [await declined(100, 'AMAZON RETAIL US-002'), await declined(100, 'PAUSED SHOP 003'), await declined(1_600, 'BIG TICKET')]
    expect((await w.api('PATCH', `/cards/${card.id}`, { maxSpendPerTransaction: null })).status).toBe(200)
    tokens.push(await declined(2_500, 'TOO MUCH'))
    expect((await w.api('PATCH', `/cards/${card.id}`, { state: 'FROZEN' })).status).toBe(200)
    tokens.push(await declined(100, 'WHILE FROZEN'))
    expect((await w.api('PATCH', `/cards/${card.id}`, { state: 'ACTIVE' })).status).toBe(200)
    expect(await balances(w, customer)).toEqual({ available: 2_000, total: 2_000 })
    const approved = await authorize(w, card.id, 100)
    await transactionAt(w, approved.id, 'AUTHORIZED')
    const listed = (await w.api('GET', `/transactions?type=CARD&customerId=${encodeURIComponent(customer.id)}`)).body
    expect(listed.data.map((t: any) => t.id)).toEqual([approved.id])
    expect(receiver.received.filter((hook) => tokens.includes(hook.body.data?.issuerTransactionToken))).toEqual([])
  })

  it('confirms a delayed pull (005) later, and raises EXCEPTION when the confirmation fails (006)', async () => {
    const { w, customer, card } = await fundedCard(3_000)
    const answer = await simulate(w, card.id, 'authorization', { amount: 800, currency: { code: 'USD' }, merchant: merchant('SLOW PULL 005') })
    const token = answer.body.issuerTransactionToken
    const pending = await webhookOf(w, (hook) => hook.body.data?.issuerTransactionToken === token)
    expect(pending.body.data).toMatchObject({ status: 'AUTHORIZED', pullSummary: { count: 1, totalAmount: 800, pendingCount: 1 } })
    const confirmed = await webhookOf(w, (hook) => hook.body.data?.issuerTransactionToken === token && hook.body.data.pullSummary.pendingCount === 0)
    expect(confirmed.body).toMatchObject({ type: 'CARD_TRANSACTION.AUTHORIZED', data: { status: 'AUTHORIZED' } })
    expect(await balances(w, customer)).toEqual({ available: 2_200, total: 3_000 })

    // the failed confirmation's EXCEPTION may arrive before the AUTHORIZED (webhooks come in any order)
    const failingToken = (await simulate(w, card.id, 'authorization', { amount: 500, currency: { code: 'USD' }, merchant: merchant('CONFIRM FAILS 006') })).body.issuerTransactionToken
    const failing = (await webhookOf(w, (hook) => hook.body.type === 'CARD_TRANSACTION.AUTHORIZED' && hook.body.data.issuerTransactionToken === failingToken)).body.data
    await webhookOf(w, (hook) => hook.body.type === 'CARD_TRANSACTION.EXCEPTION' && hook.body.data.id === failing.id)
    expect(await transactionAt(w, failing.id, 'EXCEPTION')).toMatchObject({ authorizedAmount: { amount: 500 } })
    expect(await balances(w, customer)).toEqual({ available: 1_700, total: 3_000 })
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: failing.id, amount: 500 })).body.code).toBe('CONFLICT')
  })

  it('runs a retried simulation (same Idempotency-Key) once', async () => {
    const { w, customer, card } = await fundedCard(1_000)
    const body = { amount: 300, currency: { code: 'USD' }, merchant: merchant('RETRIED') }
    const key = { 'Idempotency-Key': `auth-${randomBytes(4).toString('hex')}` }
    const answers = await Promise.all([simulate(w, card.id, 'authorization', body, key), simulate(w, card.id, 'authorization', body, key)])
    const again = await simulate(w, card.id, 'authorization', body, key)
    expect(new Set([...answers, again].map((a) => a.body.issuerTransactionToken)).size).toBe(1)
    expect(await balances(w, customer)).toEqual({ available: 700, total: 1_000 })
    const reused = await simulate(w, card.id, 'authorization', { ...body, amount: 301 }, key)
    expect({ status: reused.status, code: reused.body.code }).toEqual({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' })
  })

  it('answers a balance inquiry without moving money; credits, single-message and advice messages move what they say', async () => {
    const { w, customer, card } = await fundedCard(5_000)
    expect((await simulate(w, card.id, 'balance_inquiry', { merchant: merchant('SHELL OIL 12345678') })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 5_000, total: 5_000 })

    const credit = await authorize(w, card.id, 300, 'REFUND PUSH', 'credit_authorization')
    expect(credit).toMatchObject({ status: 'AUTHORIZED', direction: 'CREDIT' })
    expect(await balances(w, customer)).toEqual({ available: 5_000, total: 5_300 })
    await simulate(w, card.id, 'clearing', { cardTransactionId: credit.id, amount: 300 })
    expect(await balances(w, customer)).toEqual({ available: 5_300, total: 5_300 })
    expect(await transactionAt(w, credit.id, 'SETTLED')).toMatchObject({ direction: 'CREDIT', settledAmount: { amount: 300 } })

    const atm = await authorize(w, card.id, 400, 'ATM WITHDRAWAL', 'financial_authorization')
    expect(atm).toMatchObject({ status: 'SETTLED', direction: 'DEBIT', settledAmount: { amount: 400 } })
    expect(await balances(w, customer)).toEqual({ available: 4_900, total: 4_900 })
    const deposit = await authorize(w, card.id, 200, 'PUSH CREDIT', 'financial_credit_authorization')
    expect(deposit).toMatchObject({ status: 'SETTLED', direction: 'CREDIT' })
    expect(await balances(w, customer)).toEqual({ available: 5_100, total: 5_100 })
    const advisedCredit = await authorize(w, card.id, 100, 'NETWORK CREDIT', 'credit_authorization_advice')
    expect(advisedCredit).toMatchObject({ status: 'AUTHORIZED', direction: 'CREDIT' })
    expect(await balances(w, customer)).toEqual({ available: 5_100, total: 5_200 })

    const resized = await authorize(w, card.id, 1_000, 'HOTEL')
    expect(await balances(w, customer)).toEqual({ available: 4_100, total: 5_200 })
    await simulate(w, card.id, 'authorization_advice', { cardTransactionId: resized.id, amount: 1_500 })
    expect(await balances(w, customer)).toEqual({ available: 3_600, total: 5_200 })
    await simulate(w, card.id, 'authorization_advice', { cardTransactionId: resized.id, amount: 800 })
    expect(await balances(w, customer)).toEqual({ available: 4_300, total: 5_200 })
    expect((await simulate(w, card.id, 'return', { cardTransactionId: resized.id, amount: 100 })).body.code).toBe('CONFLICT')
    await simulate(w, card.id, 'clearing', { cardTransactionId: resized.id, amount: 800 })
    expect(await balances(w, customer)).toEqual({ available: 4_300, total: 4_400 })
    expect(await transactionAt(w, resized.id, 'SETTLED')).toMatchObject({ authorizedAmount: { amount: 800 }, settledAmount: { amount: 800 } })
  })

  it('approves exactly the authorizations the funding source covers out of 200 concurrent ones; the matching clearings and returns restore it', async () => {
    const { w, customer, card } = await fundedCard(5_000)
    const race = `race-${randomBytes(4).toString('hex')}`
    // as a network would: an answer that says nothing definite (a 5xx on a busy machine) is retried under the same key
    const authorizeOnce = async (i: number) => {
      const body = { amount: 100, currency: { code: 'USD' }, merchant: merchant(`RACE ${i}`) }
      for (;;) {
        const answer = await simulate(w, card.id, 'authorization', body, { 'Idempotency-Key': `${race}-${i}` })
        if (answer.status < 500) return answer
      }
    }
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => authorizeOnce(i)))
    expect(answers.filter((a) => a.status !== 202).map((a) => `${a.status} ${a.body?.code} ${a.body?.message}`)).toEqual([])
    expect(new Set(answers.map((a) => a.body.issuerTransactionToken)).size).toBe(200)
    expect(await balances(w, customer)).toEqual({ available: 0, total: 5_000 })
    let approved: any[] = []
    await webhookOf(w, () => {
      approved = (receiver.received.filter((hook) => hook.body.type === 'CARD_TRANSACTION.AUTHORIZED' && hook.body.data.cardId === card.id)).map((hook) => hook.body.data)
      return approved.length >= 50
    }, '50 authorizations')
    expect(approved).toHaveLength(50)
    const listed = await w.api('GET', `/transactions?type=CARD&accountIdentifier=${encodeURIComponent(customer.accounts.USD!)}&limit=100`)
    expect(listed.body.totalCount).toBeLessThanOrEqual(50)
    for (const t of approved) {
      expect((await simulate(w, card.id, 'clearing', { cardTransactionId: t.id, amount: 100 })).status).toBe(202)
      expect((await simulate(w, card.id, 'return', { cardTransactionId: t.id, amount: 100 })).status).toBe(202)
    }
    expect(await balances(w, customer)).toEqual({ available: 5_000, total: 5_000 })
  }, 240_000)
})

describe('reveal', () => {
  it('mints a short-lived address whose page, in Chromium, shows the card number once; the number is sealed at rest and no CVV is stored', async () => {
    const customer = await createCustomer(world)
    const card = await activeCard(world, customer)
    const reveal = await world.api('POST', `/cards/${card.id}/reveal`)
    expect(reveal.status).toBe(200)
    expect(Object.keys(reveal.body).sort()).toEqual(['expiresAt', 'panEmbedUrl'])
    expect(Date.parse(reveal.body.expiresAt)).toBeGreaterThan(Date.now())
    const page = await browser.newPage()
    try {
      const shown = await page.goto(reveal.body.panEmbedUrl)
      expect(shown?.status()).toBe(200)
      const pan = (await page.textContent('[data-field="pan"]'))!.replaceAll(' ', '')
      expect(pan).toMatch(/^\d{16}$/)
      expect(pan.endsWith(card.last4)).toBe(true)
      expect(await page.textContent('[data-field="expiry"]')).toBe(`${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`)
      expect(await page.textContent('[data-field="cvv"]')).toMatch(/^\d{3}$/)
      expect(JSON.stringify(reveal.body)).not.toContain(pan)

      const cardsDb = new pg.Client({ connectionString: mesh.databaseUrl('cards') })
      await cardsDb.connect()
      try {
        const { rows } = await cardsDb.query<Record<string, unknown>>('SELECT * FROM cards WHERE id = $1', [card.id])
        expect((rows[0]!.pan_sealed as Buffer).toString('latin1')).not.toContain(pan)
        expect(Object.keys(rows[0]!).filter((column) => /cvv|cvc|security/i.test(column))).toEqual([])
      } finally {
        await cardsDb.end()
      }

      const again = await page.goto(reveal.body.panEmbedUrl)
      expect(again?.status()).toBe(404)
      expect(await page.textContent('body')).not.toContain(card.last4)
      const forged = await page.goto(`${reveal.body.panEmbedUrl}x`)
      expect(forged?.status()).toBe(404)
    } finally {
      await page.close()
    }
  })
})

describe('delegated keys', () => {
  it('creates a delegated key for a card funded by an embedded wallet, the funding source resolved by the cards service', async () => {
    const customer = await createCustomer(world)
    const wallet = await walletOf(world, customer)
    expect(wallet.cardCapabilities).toBeDefined()
    const card = await activeCard(world, customer, { fundingSources: [wallet.id] })
    expect(card.currency).toBe(wallet.balance.currency.code)
    const created = await createDelegatedKey(world, card.id, wallet.id)
    expect(created).toMatchObject({ cardId: card.id, fundingSourceId: expect.stringMatching(/^CardFundingSource:/), status: 'ACTIVE' })
  })
})
