import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from './mesh.js'
import {
  balanceOf,
  createCustomer,
  euroExternalAccount,
  expectBalancedAndSettled,
  fund,
  ledgerBooks,
  sendNow,
  startPaymentsWorld,
  type Api,
  type Customer,
  type PaymentsWorld,
} from './payments-support.js'

/**
 * Agents end to end through the gateway: a platform creates an agent for a customer, the agent's
 * software redeems the device code for a Bearer token and moves the customer's money within its
 * policy; what passes an approval threshold waits for the platform, a hard limit refuses, a pause
 * or a deletion locks the agent out, and no agent ever reaches another customer's or another
 * platform's resources. Balances are read before and after, webhooks as the receiver got them.
 */
let world: PaymentsWorld
let payer: Customer
let payee: string
let neighbour: Customer
let neighbourPayee: string

const ALL_PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS']

const policy = (overrides: Record<string, unknown> = {}) => ({
  permissions: ALL_PERMISSIONS,
  defaultExecutionMode: 'AUTO',
  spendingLimits: { currency: 'EUR', perTransactionLimit: 50_000, dailyLimit: 500_000, monthlyLimit: 1_000_000 },
  approvalThresholds: { currency: 'EUR', amount: 20_000 },
  ...overrides,
})

/** An agent's own client: its Bearer token, no platform credentials. */
function agentClient(token: string): Api {
  const anonymous = apiClient(world.mesh)
  return (method, path, body, headers = {}) => anonymous(method, path, body, { authorization: `Bearer ${token}`, ...headers })
}

const anonymous = () => apiClient(world.mesh)

interface Installed {
  id: string
  token: string
  api: Api
}

/** Creates an agent for the customer and installs it: the device code redeemed for its token. */
async function installAgent(api: Api, customerId: string, agentPolicy = policy()): Promise<Installed> {
  const created = await api('POST', '/agents', { name: 'Payroll agent', customerId, policy: agentPolicy })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const redeemed = await anonymous()('POST', `/agents/device-codes/${created.body.deviceCode.code}/redeem`)
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200)
  return { id: created.body.agent.id, token: redeemed.body.accessToken, api: agentClient(redeemed.body.accessToken) }
}

const transferOut = (agent: Installed, amount: number, from = payer.accounts.EUR!, to = payee, headers: Record<string, string> = {}) =>
  agent.api('POST', '/agents/me/transfer-out', { source: { accountId: from }, destination: { accountId: to }, amount }, headers)

const actionWebhooks = (actionId: string) => world.webhooks.filter((w) => w.body?.data?.id === actionId).map((w) => w.body as { type: string; data: any })

async function expectActionWebhook(actionId: string, type: string) {
  await waitUntil(async () => actionWebhooks(actionId).some((w) => w.type === type), `the ${type} webhook of ${actionId}`, 30_000)
  const matching = actionWebhooks(actionId).filter((w) => w.type === type)
  expect(matching).toHaveLength(1)
  return matching[0]!.data
}

const available = async (customer: Customer) => (await balanceOf(world, customer, 'EUR')).available
const sent = (action: any): number => action.transaction.sentAmount.amount

beforeAll(async () => {
  world = await startPaymentsWorld('agents')
  // an action's outcomes after PENDING_APPROVAL are webhook types beyond the reference's list
  expect((await world.api('PATCH', '/config', { extendedWebhookTypes: true })).status).toBe(200)
  ;[payer, neighbour] = await Promise.all([createCustomer(world), createCustomer(world)])
  await Promise.all([fund(world, payer.accounts.EUR!, 2_000_000), fund(world, neighbour.accounts.EUR!, 100_000)])
  ;[payee, neighbourPayee] = await Promise.all([euroExternalAccount(world, payer.id, '000'), euroExternalAccount(world, neighbour.id, '000')])
}, 180_000)

afterAll(async () => {
  await world?.stop()
})

describe('installation', () => {
  it('creates an agent with a single-use device code whose redemption returns the Bearer token once', async () => {
    const created = await world.api('POST', '/agents', { name: 'Bookkeeper', customerId: payer.id, policy: policy() })
    expect(created.status).toBe(201)
    expect(created.body.agent).toMatchObject({ customerId: payer.id, isPaused: false, isConnected: false, usage: { dailySpend: 0, dailyTransactionCount: 0 } })
    const { code } = created.body.deviceCode
    expect(created.body.deviceCode).toMatchObject({ agentId: created.body.agent.id, redeemed: false })
    expect((await world.api('GET', `/agents/device-codes/${code}/status`)).body).toEqual({ code, redeemed: false })

    // racing redemptions of one code: exactly one gets a token
    const attempts = await Promise.all(Array.from({ length: 8 }, () => anonymous()('POST', `/agents/device-codes/${code}/redeem`)))
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404])
    const redeemed = attempts.find((a) => a.status === 200)!.body
    expect(redeemed).toMatchObject({ agentId: created.body.agent.id, agentName: 'Bookkeeper', policy: policy() })
    expect((await world.api('GET', `/agents/device-codes/${code}/status`)).body).toEqual({ code, redeemed: true })

    const agent = agentClient(redeemed.accessToken)
    const me = await agent('GET', '/agents/me')
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ id: created.body.agent.id, isConnected: true })
    // the token is stored as a hash only
    expect(JSON.stringify((await world.api('GET', `/agents/${created.body.agent.id}`)).body)).not.toContain(redeemed.accessToken)
  })

  it('keeps the schemes apart: Bearer only on agent routes, Basic only on platform routes', async () => {
    const agent = await installAgent(world.api, payer.id)
    expect((await world.api('GET', '/agents/me')).status).toBe(401)
    expect((await agent.api('GET', '/customers')).status).toBe(401)
    expect((await agent.api('GET', `/agents/${agent.id}`)).status).toBe(401)
    expect((await agentClient('agt_wrong')('GET', '/agents/me')).status).toBe(401)
    expect((await anonymous()('GET', '/agents/me')).status).toBe(401)
  })

  it('a new device code replaces the unredeemed one, and redeeming it revokes the old token', async () => {
    const agent = await installAgent(world.api, payer.id)
    const first = await world.api('POST', `/agents/${agent.id}/device-codes`)
    expect(first.status).toBe(201)
    const second = await world.api('POST', `/agents/${agent.id}/device-codes`)
    expect((await anonymous()('POST', `/agents/device-codes/${first.body.code}/redeem`)).status).toBe(404)
    const redeemed = await anonymous()('POST', `/agents/device-codes/${second.body.code}/redeem`)
    expect(redeemed.status).toBe(200)
    expect((await agent.api('GET', '/agents/me')).status).toBe(401)
    expect((await agentClient(redeemed.body.accessToken)('GET', '/agents/me')).status).toBe(200)
    expect((await anonymous()('POST', '/agents/device-codes/AGENT-AAAA-BBBB-CCCC-DDDD/redeem')).status).toBe(404)
  })
})

describe('acting under the policy', () => {
  let agent: Installed

  beforeAll(async () => {
    agent = await installAgent(world.api, payer.id)
  })

  it('executes a transfer under the approval threshold at once, counts it in the usage and announces it', async () => {
    const before = await available(payer)
    const res = await transferOut(agent, 10_000)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ status: 'APPROVED', type: 'TRANSFER_OUT', agentId: agent.id, customerId: payer.id })
    expect(res.body.transferDetails).toEqual({ amount: 10_000, currency: 'EUR', sourceAccountId: payer.accounts.EUR, destinationAccountId: payee })
    expect(res.body.transaction.id).toMatch(/^Transaction:/)
    expect(await available(payer)).toBe(before - sent(res.body))
    // the webhook carries the action as GET shows it, its transaction included
    const announced = await expectActionWebhook(res.body.id, 'AGENT_ACTION.APPROVED')
    expect(announced).toEqual((await agent.api('GET', `/agents/me/actions/${res.body.id}`)).body)
    expect(announced.transaction.id).toBe(res.body.transaction.id)
    const me = (await agent.api('GET', '/agents/me')).body
    expect(me.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: sent(res.body), monthlySpend: sent(res.body) })
    // the agent sees its customer's transaction, and its own action
    expect((await agent.api('GET', `/agents/me/transactions/${res.body.transaction.id}`)).body.id).toBe(res.body.transaction.id)
    expect((await agent.api('GET', `/agents/me/actions/${res.body.id}`)).body).toEqual(res.body)
  })

  it('replays a transfer retried with its Idempotency-Key, moving the money once', async () => {
    const before = await available(payer)
    const key = `agent-${randomBytes(6).toString('hex')}`
    const [first, retry] = [await transferOut(agent, 1_000, undefined, undefined, { 'Idempotency-Key': key }), await transferOut(agent, 1_000, undefined, undefined, { 'Idempotency-Key': key })]
    expect(first.status).toBe(201)
    expect(retry.body.id).toBe(first.body.id)
    expect(await available(payer)).toBe(before - sent(first.body))
  })

  it('holds a transfer over the threshold until the platform approves it, then executes it', async () => {
    const before = await available(payer)
    const res = await transferOut(agent, 30_000)
    expect(res.status).toBe(201)
    expect(res.body.status).toBe('PENDING_APPROVAL')
    expect(res.body.transaction).toBeUndefined()
    expect(await available(payer)).toBe(before)
    await expectActionWebhook(res.body.id, 'AGENT_ACTION.PENDING_APPROVAL')
    const approvals = await world.api('GET', `/agents/approvals?agentId=${encodeURIComponent(agent.id)}`)
    expect(approvals.body.data.map((a: any) => a.id)).toEqual([res.body.id])

    const approved = await world.api('POST', `/agents/${agent.id}/actions/${res.body.id}/approve`)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.status).toBe('APPROVED')
    expect(await available(payer)).toBe(before - sent(approved.body))
    await expectActionWebhook(res.body.id, 'AGENT_ACTION.APPROVED')
    expect((await world.api('POST', `/agents/${agent.id}/actions/${res.body.id}/approve`)).status).toBe(409)
    expect((await world.api('POST', `/agents/${agent.id}/actions/${res.body.id}/reject`)).status).toBe(409)
  })

  it('moves nothing when the platform rejects, and gives the reserved spend back', async () => {
    const before = await available(payer)
    const usageBefore = (await agent.api('GET', '/agents/me')).body.usage
    const res = await transferOut(agent, 40_000)
    expect(res.body.status).toBe('PENDING_APPROVAL')
    expect((await agent.api('GET', '/agents/me')).body.usage.dailyTransactionCount).toBe(usageBefore.dailyTransactionCount + 1)
    const rejected = await world.api('POST', `/agents/${agent.id}/actions/${res.body.id}/reject`, { reason: 'Not this week' })
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Not this week' })
    expect(rejected.body.transaction).toBeUndefined()
    await expectActionWebhook(res.body.id, 'AGENT_ACTION.REJECTED')
    expect(await available(payer)).toBe(before)
    expect((await agent.api('GET', '/agents/me')).body.usage).toEqual(usageBefore)
    expect((await agent.api('GET', `/agents/me/actions/${res.body.id}`)).body.status).toBe('REJECTED')
  })

  it("executes its own quote under the policy, and POST /transactions/{id}/approve decides on an agent's waiting transaction", async () => {
    const quote = await agent.api('POST', '/agents/me/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.accounts.EUR },
      destination: { destinationType: 'ACCOUNT', accountId: payee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 25_000,
    })
    expect(quote.status, JSON.stringify(quote.body)).toBe(201)
    expect((await agent.api('GET', `/agents/me/quotes/${quote.body.id}`)).body.id).toBe(quote.body.id)
    const before = await available(payer)
    const executed = await agent.api('POST', `/agents/me/quotes/${quote.body.id}/execute`)
    expect(executed.status, JSON.stringify(executed.body)).toBe(200)
    expect(executed.body).toMatchObject({ status: 'PENDING_APPROVAL', type: 'EXECUTE_QUOTE', quote: { id: quote.body.id } })
    expect((await agent.api('POST', `/agents/me/quotes/${quote.body.id}/execute`)).status).toBe(409)
    expect(await available(payer)).toBe(before)

    const approved = await world.api('POST', `/transactions/${quote.body.transactionId}/approve`)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body.id).toBe(quote.body.transactionId)
    expect(await available(payer)).toBe(before - quote.body.totalSendingAmount)
    expect((await world.api('POST', `/transactions/${quote.body.transactionId}/approve`)).body.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL')
    // a platform's own payment never waits for approval
    const own = await sendNow(world, payer.accounts.EUR!, payee, 100)
    const refused = await world.api('POST', `/transactions/${own.transactionId}/approve`)
    expect([refused.status, refused.body.code]).toEqual([409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL'])
  })

  it('rejects through POST /transactions/{id}/reject: nothing moves', async () => {
    const before = await available(payer)
    const quote = await agent.api('POST', '/agents/me/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.accounts.EUR },
      destination: { destinationType: 'ACCOUNT', accountId: payee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 21_000,
      immediatelyExecute: true,
    })
    expect(quote.status, JSON.stringify(quote.body)).toBe(201)
    const rejected = await world.api('POST', `/transactions/${quote.body.transactionId}/reject`, { reason: 'RESTRICTED_JURISDICTION' })
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({ status: 'REJECTED', type: 'EXECUTE_QUOTE' })
    expect(await available(payer)).toBe(before)
  })

  it('fails the action when payments refuses the payment, giving the reserved spend back', async () => {
    const spender = await installAgent(world.api, neighbour.id, policy({ spendingLimits: { currency: 'EUR', perTransactionLimit: 10_000_000 }, approvalThresholds: undefined }))
    const before = await available(neighbour)
    const refused = await transferOut(spender, before + 1, neighbour.accounts.EUR!, neighbourPayee)
    expect([refused.status, refused.body.code]).toEqual([400, 'INSUFFICIENT_FUNDS'])
    const [failed] = (await spender.api('GET', '/agents/me/actions')).body.data
    expect(failed).toMatchObject({ status: 'FAILED', type: 'TRANSFER_OUT' })
    await expectActionWebhook(failed.id, 'AGENT_ACTION.FAILED')
    expect((await spender.api('GET', '/agents/me')).body.usage).toMatchObject({ dailyTransactionCount: 0, dailySpend: 0 })
    expect(await available(neighbour)).toBe(before)
  })

  it('refuses over a hard limit or without the permission, moving nothing and recording nothing', async () => {
    const before = await available(payer)
    const actionsBefore = (await agent.api('GET', '/agents/me/actions?limit=100')).body.totalCount
    const over = await transferOut(agent, 50_001)
    expect([over.status, over.body.code]).toEqual([403, 'VELOCITY_LIMIT_EXCEEDED'])
    const viewer = await installAgent(world.api, payer.id, policy({ permissions: ['VIEW_TRANSACTIONS'] }))
    const forbidden = await transferOut(viewer, 100)
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'FORBIDDEN'])
    expect((await viewer.api('GET', '/agents/me/external-accounts')).status).toBe(403)
    expect(await available(payer)).toBe(before)
    expect((await agent.api('GET', '/agents/me/actions?limit=100')).body.totalCount).toBe(actionsBefore)
  })

  it('pausing refuses the token until resumed; deleting revokes it', async () => {
    const paused = await world.api('PATCH', `/agents/${agent.id}`, { isPaused: true })
    expect(paused.body.isPaused).toBe(true)
    expect((await agent.api('GET', '/agents/me')).status).toBe(401)
    expect((await transferOut(agent, 100)).status).toBe(401)
    expect((await world.api('PATCH', `/agents/${agent.id}`, { isPaused: false })).body.isPaused).toBe(false)
    expect((await agent.api('GET', '/agents/me')).status).toBe(200)

    const doomed = await installAgent(world.api, payer.id)
    expect((await world.api('DELETE', `/agents/${doomed.id}`)).status).toBe(204)
    expect((await doomed.api('GET', '/agents/me')).status).toBe(401)
    expect((await world.api('GET', `/agents/${doomed.id}`)).status).toBe(404)
  })

  it('applies a policy change from the next action on', async () => {
    const changed = await world.api('PATCH', `/agents/${agent.id}/policy`, { defaultExecutionMode: 'APPROVAL_REQUIRED' })
    expect(changed.status).toBe(200)
    expect(changed.body.policy).toMatchObject({ defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { perTransactionLimit: 50_000 } })
    expect((await transferOut(agent, 500)).body.status).toBe('PENDING_APPROVAL')
    await world.api('PATCH', `/agents/${agent.id}/policy`, { defaultExecutionMode: 'AUTO' })
  })
})

describe('scope', () => {
  it("answers 404 for every other customer's and other platform's resource, and changes nothing", async () => {
    const agent = await installAgent(world.api, payer.id)
    // another platform with its own customer, account, payment and agent
    const otherPlatform = await world.mesh.createPlatform(`e2e-agents-other-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
    const otherApi = apiClient(world.mesh, otherPlatform)
    const otherWorld = { ...world, api: otherApi }
    otherWorld.termsVersion = (await otherApi('GET', '/customers/end-user-terms')).body.version
    const stranger = await createCustomer(otherWorld)
    await fund(otherWorld, stranger.accounts.EUR!, 50_000)
    const strangerPayee = await euroExternalAccount(otherWorld, stranger.id, '000')
    const strangerPayment = await sendNow(otherWorld, stranger.accounts.EUR!, strangerPayee, 1_000)
    const strangerAgent = await installAgent(otherApi, stranger.id)
    const strangerAction = await transferOut(strangerAgent, 1_000, stranger.accounts.EUR!, strangerPayee)
    expect(strangerAction.status).toBe(201)
    const strangerQuote = await strangerAgent.api('POST', '/agents/me/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: stranger.accounts.EUR },
      destination: { destinationType: 'ACCOUNT', accountId: strangerPayee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 500,
    })

    // the neighbour: the same platform's other customer
    const neighbourPayment = await sendNow(world, neighbour.accounts.EUR!, neighbourPayee, 1_000)
    const platformQuote = await world.api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.accounts.EUR },
      destination: { destinationType: 'ACCOUNT', accountId: payee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    })
    const neighbourBefore = await available(neighbour)
    const strangerBefore = (await balanceOf(otherWorld, stranger, 'EUR')).available
    const payerBefore = await available(payer)

    const quoteBody = (source: string, destination: string) => ({
      source: { sourceType: 'ACCOUNT', accountId: source },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    })
    const transfer = (source: string, destination: string) => ({ source: { accountId: source }, destination: { accountId: destination }, amount: 100 })
    const cases: [string, string, unknown?][] = []
    for (const [customer, account, external, payment, quoteId, actionId] of [
      [neighbour.id, neighbour.accounts.EUR!, neighbourPayee, neighbourPayment.transactionId, platformQuote.body.id, strangerAction.body.id],
      [stranger.id, stranger.accounts.EUR!, strangerPayee, strangerPayment.transactionId, strangerQuote.body.id, strangerAction.body.id],
    ] as const) {
      cases.push(
        ['GET', `/agents/me/transactions/${payment}`],
        ['GET', `/agents/me/quotes/${quoteId}`],
        ['POST', `/agents/me/quotes/${quoteId}/execute`],
        ['GET', `/agents/me/actions/${actionId}`],
        ['GET', `/agents/me/external-accounts/${external}`],
        ['DELETE', `/agents/me/external-accounts/${external}`],
        ['POST', '/agents/me/transfer-out', transfer(account, payee)],
        ['POST', '/agents/me/transfer-out', transfer(payer.accounts.EUR!, external)],
        ['POST', '/agents/me/transfer-in', { ...transfer(external, payer.accounts.EUR!) }],
        ['POST', '/agents/me/transfer-in', { ...transfer(payee, account) }],
        ['POST', '/agents/me/quotes', quoteBody(account, payee)],
        ['POST', '/agents/me/quotes', quoteBody(payer.accounts.EUR!, external)],
        ['POST', '/agents/me/external-accounts', { customerId: customer, currency: 'EUR', accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Eve', countryOfResidence: 'DE' } } }],
      )
    }
    for (const [method, path, body] of cases) {
      const res = await agent.api(method, path, body)
      expect([method, path, res.status], JSON.stringify(res.body)).toEqual([method, path, 404])
    }
    // lists hold the agent's customer's resources only
    const transactions = (await agent.api('GET', '/agents/me/transactions?limit=100')).body.data
    expect(transactions.length).toBeGreaterThan(0)
    expect(transactions.every((t: any) => t.customerId === payer.id)).toBe(true)
    const accounts = (await agent.api('GET', '/agents/me/internal-accounts?limit=100')).body.data
    expect(accounts.map((a: any) => a.id)).toContain(payer.accounts.EUR)
    expect(accounts.every((a: any) => Object.values(payer.accounts).includes(a.id) || a.customerId === payer.id)).toBe(true)
    expect((await agent.api('GET', '/agents/me/external-accounts?limit=100')).body.data.map((a: any) => a.id)).toEqual([payee])
    // the other platform's agents and actions do not exist for this platform
    expect((await world.api('GET', `/agents/${strangerAgent.id}`)).status).toBe(404)
    expect((await world.api('POST', `/agents/${strangerAgent.id}/actions/${strangerAction.body.id}/approve`)).status).toBe(404)
    expect((await world.api('GET', `/agents?limit=100`)).body.data.every((a: any) => a.id !== strangerAgent.id)).toBe(true)

    // nothing changed
    expect(await available(neighbour)).toBe(neighbourBefore)
    expect((await balanceOf(otherWorld, stranger, 'EUR')).available).toBe(strangerBefore)
    expect(await available(payer)).toBe(payerBefore)
    expect((await world.api('GET', `/customers/external-accounts/${neighbourPayee}`)).status).toBe(200)
    expect((await otherApi('GET', `/customers/external-accounts/${strangerPayee}`)).status).toBe(200)
    expect((await agent.api('GET', '/agents/me/actions')).body.totalCount).toBe(0)
    expect((await otherApi('GET', `/quotes/${strangerQuote.body.id}`)).body.status).toBe('PENDING')
  })

  it('manages its customer’s external accounts', async () => {
    const agent = await installAgent(world.api, payer.id)
    const accountInfo = { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper', countryOfResidence: 'DE' } }
    const created = await agent.api('POST', '/agents/me/external-accounts', { currency: 'EUR', accountInfo })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.customerId).toBe(payer.id)
    expect((await agent.api('GET', `/agents/me/external-accounts/${created.body.id}`)).body.id).toBe(created.body.id)
    expect((await agent.api('DELETE', `/agents/me/external-accounts/${created.body.id}`)).status).toBe(204)
    expect((await agent.api('GET', `/agents/me/external-accounts/${created.body.id}`)).status).toBe(404)
  })
})

describe('concurrency', () => {
  it('lets exactly as many of 100 concurrent payments through as the daily limit allows (10)', async () => {
    // what one payment of 1,000 costs, fees included: the spend the policy counts
    const probe = await world.api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.accounts.EUR },
      destination: { destinationType: 'ACCOUNT', accountId: payee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    })
    const cost = probe.body.totalSendingAmount as number
    const agent = await installAgent(
      world.api,
      payer.id,
      policy({ spendingLimits: { currency: 'EUR', perTransactionLimit: cost, dailyLimit: 10 * cost + cost - 1 }, approvalThresholds: undefined }),
    )
    const before = await available(payer)
    const results = await Promise.all(Array.from({ length: 100 }, () => transferOut(agent, 1_000)))
    const byStatus = results.reduce<Record<string, number>>((counts, r) => ({ ...counts, [`${r.status} ${r.body.code ?? r.body.status}`]: (counts[`${r.status} ${r.body.code ?? r.body.status}`] ?? 0) + 1 }), {})
    expect(byStatus).toEqual({ '201 APPROVED': 10, '403 VELOCITY_LIMIT_EXCEEDED': 90 })
    expect(await available(payer)).toBe(before - 10 * cost)
    expect((await agent.api('GET', '/agents/me')).body.usage).toMatchObject({ dailyTransactionCount: 10, dailySpend: 10 * cost })
    const executed = results.filter((r) => r.status === 201)
    for (const r of executed) await expectActionWebhook(r.body.id, 'AGENT_ACTION.APPROVED')
    expect(new Set(executed.map((r) => r.body.transaction.id)).size).toBe(10)
  })

  it('leaves the ledger balanced', async () => {
    await waitUntil(async () => {
      const books = await ledgerBooks(world)
      return books.totals.every((row) => row.debits_pending === '0' && row.credits_pending === '0')
    }, 'every hold to settle', 30_000)
    expectBalancedAndSettled(await ledgerBooks(world))
  })
})
