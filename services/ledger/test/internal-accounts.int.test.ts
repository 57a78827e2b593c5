import type { EventEnvelope } from '@pp/events'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { FundsCredited } from '@pp/proto/ledger/v1/events'
import { TransferCode } from '@pp/proto/ledger/v1/ledger'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleEvent } from '../src/events/consumers.js'
import { IDEMPOTENCY_KEY_TTL_MS } from './external-accounts-harness.js'
import {
  accountOf,
  activeCustomer,
  balancesOf,
  byId,
  currencyOf,
  customerData,
  failure,
  fund,
  leg,
  newTenant,
  shownAccount,
  shownPage,
  startHarness,
  tenantOf,
  transferId,
  type Harness,
} from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('internal_accounts')
})
afterAll(() => h?.stop())

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }

async function eventsFor(accountId: string): Promise<EventEnvelope<Record<string, any>>[]> {
  const rows = await open(h.db).outboxEvent.findMany({ where: { subject: { startsWith: 'events.ledger.' } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows
    .map((row) => row.payload as unknown as EventEnvelope<Record<string, any>>)
    .filter((e) => e.data.id === accountId || e.data.accountId === accountId)
}

const get = (ctx: Caller, accountId: string) => callUnary(h.accounts, h.accounts.getInternalAccount, { accountId }, ctx).then(shownAccount)
const setStatus = (ctx: Caller, accountId: string, status: string) =>
  callUnary(h.accounts, h.accounts.updateInternalAccountStatus, { accountId, status }, ctx).then(shownAccount)
const fundAccount = (ctx: Caller, accountId: string, amount: bigint) =>
  callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId, amount }, ctx).then(shownAccount)

describe('reading accounts', () => {
  it('shows every field by its rule', async () => {
    const ctx = newTenant()
    const accounts = await activeCustomer(h, ctx)
    const usd = accountOf(accounts, 'USD')
    expect(usd).toMatchObject({
      id: expect.stringMatching(/^InternalAccount:/),
      customerId: expect.stringMatching(/^Customer:/),
      type: 'INTERNAL_FIAT',
      status: 'ACTIVE',
      balance: { amount: 0, currency: USD },
      totalBalance: { amount: 0, currency: USD },
      cardCapabilities: { actions: ['PURCHASE', 'REFUND', 'BALANCE_INQUIRY'] },
      fundingPaymentInstructions: [
        { isPlatformAccount: false, accountOrWalletInfo: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] } },
      ],
    })
    expect(usd.label).toBeNull()
    expect(usd.sweepRule).toBeNull()
    expect(usd).not.toHaveProperty('privateEnabled')
    const wallet = accountOf(accounts, 'USDB', 'EMBEDDED_WALLET')
    expect(wallet.privateEnabled).toBe(false)
    // an embedded wallet funds a card once its holder delegates a signing key to the card's funding source
    expect(wallet.cardCapabilities).toEqual({ actions: ['PURCHASE', 'REFUND', 'BALANCE_INQUIRY'] })
    expect(accountOf(accounts, 'EUR')).not.toHaveProperty('cardCapabilities')
    expect(await get(ctx, usd.id)).toEqual(usd)
  })

  it('lists by owner with filters and keyset pages', async () => {
    const ctx = newTenant()
    const [first] = await activeCustomer(h, ctx)
    await activeCustomer(h, ctx)
    const list = (request: object) => callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { limit: 0, ...request }, ctx).then(shownPage)
    expect((await list({})).totalCount).toBe(8)
    expect((await list({ customerId: first!.customerId })).totalCount).toBe(4)
    expect((await list({ currency: 'USDB' })).totalCount).toBe(4)
    expect((await list({ type: 'EMBEDDED_WALLET', currency: 'USDB' })).totalCount).toBe(2)
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = await list({ limit: 3, cursor })
      expect(page.totalCount).toBe(8)
      seen.push(...page.data.map((a) => a.id))
      cursor = page.hasMore ? page.nextCursor : undefined
    } while (cursor)
    expect(new Set(seen).size).toBe(8)
    expect((await list({ limit: 8 })).data.map((a) => a.id)).toEqual(seen)
    // platform accounts are listed apart
    const platform = shownPage(await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { limit: 0 }, ctx))
    expect(platform.data.every((a) => !('customerId' in a) && a.fundingPaymentInstructions[0]?.isPlatformAccount)).toBe(true)
    expect(platform.totalCount).toBe(3)
  })

  it('refuses bad filters and hides other tenants’ accounts', async () => {
    const ctx = newTenant()
    const [account] = await activeCustomer(h, ctx)
    const list = (request: object) => failure(callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { limit: 0, ...request }, ctx))
    expect(await list({ type: 'SAVINGS' })).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'type' }] } })
    expect(await list({ limit: 101 })).toMatchObject({ details: { errors: [{ field: 'limit' }] } })
    expect(await list({ cursor: 'not-a-cursor' })).toMatchObject({ details: { errors: [{ field: 'cursor' }] } })
    expect((await failure(get(newTenant(), account!.id))).code).toBe('ACCOUNT_NOT_FOUND')
    expect((await failure(get(ctx, 'InternalAccount:none'))).code).toBe('ACCOUNT_NOT_FOUND')
  })

  it('answers other services the facts they act on, within the tenant', async () => {
    const ctx = newTenant()
    const accounts = await activeCustomer(h, ctx)
    const usd = accountOf(accounts, 'USD')
    const facts = async (accountId: string, on = ctx) => (await callUnary(h.accounts, h.accounts.getInternalAccountFacts, { accountId }, on)).facts
    expect(await facts(usd.id)).toEqual({ id: usd.id, customerId: usd.customerId, type: 'INTERNAL_FIAT', status: 'ACTIVE', currency: 'USD', canFundCard: true })
    expect((await failure(facts(usd.id, newTenant()))).code).toBe('ACCOUNT_NOT_FOUND')
    const [platformAccount] = shownPage(await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { limit: 1 }, ctx)).data
    expect(await facts(platformAccount!.id)).toMatchObject({ id: platformAccount!.id, customerId: undefined })
    const inCurrency = async (customerId: string, currency: string, on = ctx) =>
      (await callUnary(h.accounts, h.accounts.listCustomerInternalAccountFacts, { customerId, currency }, on)).accounts
    const usdb = accounts.filter((a) => currencyOf(a) === 'USDB')
    expect(await inCurrency(usd.customerId!, 'USDB')).toEqual(
      usdb.map((a) => ({ id: a.id, customerId: usd.customerId, type: a.type, status: a.status, currency: 'USDB', canFundCard: a.type === 'EMBEDDED_WALLET' })),
    )
    expect(await inCurrency(usd.customerId!, 'USDB', newTenant())).toEqual([])
  })
})

describe('sandbox funding', () => {
  it('credits once per Idempotency-Key, even when retries race, and refuses the key with another amount', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund-once' }), 'USD')
    const keyed = { ...ctx, idempotencyKey: 'fund-once-1' }
    const fund = (amount: bigint) => fundAccount(keyed, usd.id, amount)
    const answers = await Promise.all([fund(700n), fund(700n), fund(700n)])
    expect(answers.map((a) => a.balance.amount)).toEqual([700, 700, 700])
    expect((await failure(fund(800n))).code).toBe('IDEMPOTENCY_KEY_REUSED')
    const account = await get(ctx, usd.id)
    expect([account.balance.amount, account.totalBalance.amount]).toEqual([700, 700])
    expect((await eventsFor(usd.id)).filter((e) => e.type === 'FUNDS_CREDITED')).toHaveLength(1)
  })

  it('takes the key as a new request once it is a day old: the same funding then credits again', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund-expiring' }), 'USD')
    const keyed = { ...ctx, idempotencyKey: 'fund-expiring' }
    const realClock = h.deps.now
    let now = new Date()
    h.deps.now = () => now
    try {
      expect((await fundAccount(keyed, usd.id, 700n)).balance.amount).toBe(700)
      now = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS - 1)
      expect((await fundAccount(keyed, usd.id, 700n)).balance.amount).toBe(700)
      now = new Date(now.getTime() + 1)
      expect((await fundAccount(keyed, usd.id, 700n)).balance.amount).toBe(1_400)
      expect((await fundAccount(keyed, usd.id, 700n)).balance.amount).toBe(1_400)
    } finally {
      h.deps.now = realClock
    }
    expect((await eventsFor(usd.id)).filter((e) => e.type === 'FUNDS_CREDITED')).toHaveLength(2)
  })

  it('reads back the funded account, balances included, exactly as the funding answered; only within its tenant', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund-read' }), 'USD')
    const account = await fundAccount(ctx, usd.id, 2_500n)
    expect(await get(ctx, usd.id)).toEqual(account)
    expect((await failure(get({ ...ctx, environment: 'PRODUCTION' }, usd.id))).code).toBe('ACCOUNT_NOT_FOUND')
  })

  it('credits at once, moving balance and totalBalance by exactly the amount, and states FUNDS_CREDITED for payments', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund' }), 'USD')
    const account = await fundAccount(ctx, usd.id, 100_000n)
    expect(account).toMatchObject({ id: usd.id, balance: { amount: 100_000 }, totalBalance: { amount: 100_000 } })
    expect(account.updatedAt >= usd.updatedAt).toBe(true)
    const events = await eventsFor(usd.id)
    expect(events.map((e) => e.type)).toEqual(['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'FUNDS_CREDITED'])
    expect(events[2]).toMatchObject({ source: 'ledger', platformId: ctx.platformId, environment: 'SANDBOX' })
    // the fact, as ledger.v1.FundsCredited's JSON: payments mints the transaction from it
    expect(FundsCredited.fromJSON(events[2]!.data)).toEqual({
      transferId: expect.stringMatching(/^Transfer:/),
      accountId: usd.id,
      customerId: usd.customerId,
      platformCustomerId: 'pc-fund',
      currency: 'USD',
      amount: 100_000n,
      description: 'Sandbox funding',
      creditedAt: expect.any(Date),
    })
  })

  it('raises one INTERNAL_ACCOUNT.BALANCE_UPDATED with the whole account, the answer, for fiat and crypto accounts alike', async () => {
    const ctx = newTenant()
    const accounts = await activeCustomer(h, ctx)
    for (const [funded, amount] of [[accountOf(accounts, 'USD'), 2_500n], [accountOf(accounts, 'USDB', 'INTERNAL_CRYPTO'), 5_000_000n]] as const) {
      const answer = await fundAccount(ctx, funded.id, amount)
      const events = (await eventsFor(funded.id)).filter((e) => e.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED')
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({ platformId: ctx.platformId, requestId: ctx.requestId })
      expect(events[0]!.data).toMatchObject({ id: funded.id, balance: { amount: Number(amount), currency: { code: currencyOf(funded) } } })
      expect(events[0]!.data).toEqual(answer)
      expect(events[0]!.data).toEqual(await get(ctx, funded.id))
    }
  })

  it('is refused with production credentials, for bad amounts and for accounts that cannot receive; nothing changes', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx), 'USD')
    const fundIt = (amount: bigint, on = ctx, accountId = usd.id) => failure(fundAccount(on, accountId, amount))
    expect(await fundIt(1n, { ...ctx, environment: 'PRODUCTION' })).toMatchObject({ code: 'FORBIDDEN' })
    expect((await fundIt(0n)).code).toBe('INVALID_AMOUNT')
    expect((await fundIt(100_000_000_001n)).code).toBe('AMOUNT_OUT_OF_RANGE')
    expect((await fundIt(1n, ctx, 'InternalAccount:none')).code).toBe('ACCOUNT_NOT_FOUND')
    await setStatus(ctx, usd.id, 'FROZEN')
    expect(await fundIt(1n)).toMatchObject({ code: 'CONFLICT', details: { accountId: usd.id, status: 'FROZEN' } })
    expect((await get(ctx, usd.id)).balance.amount).toBe(0)
    expect((await eventsFor(usd.id)).map((e) => e.type)).toEqual(['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.STATUS_UPDATED'])
  })
})

describe('account status', () => {
  it('pending and failed accounts can neither send nor receive', async () => {
    const ctx = newTenant()
    const pending = accountOf(await activeCustomer(h, ctx, { kycStatus: 'PENDING' }), 'USD')
    expect(pending.status).toBe('PENDING')
    const other = accountOf(await activeCustomer(h, ctx), 'USD')
    await fund(h, ctx, other.id, 100n)
    const send = (from: string, to: string) =>
      failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: TransferCode.TRANSFER_CODE_PAYMENT, legs: [leg(byId(from), byId(to), 1n)] }, ctx))
    expect(await send(other.id, pending.id)).toMatchObject({ code: 'CONFLICT', details: { accountId: pending.id, status: 'PENDING' } })
    expect((await failure(fundAccount(ctx, pending.id, 1n))).details).toMatchObject({ status: 'PENDING' })
    await setStatus(ctx, pending.id, 'FAILED')
    expect(await send(other.id, pending.id)).toMatchObject({ code: 'CONFLICT', details: { status: 'FAILED' } })
    expect(await send(pending.id, other.id)).toMatchObject({ code: 'CONFLICT', details: { status: 'FAILED' } })
    expect(await failure(setStatus(ctx, pending.id, 'ACTIVE'))).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { status: 'FAILED' } })
    expect(await balancesOf(h, ctx, [other.id, pending.id])).toEqual([
      { available: 100n, total: 100n },
      { available: 0n, total: 0n },
    ])
  })

  it('a frozen account is blocked both ways, its holds can be voided but not posted, and it can be unfrozen', async () => {
    const ctx = newTenant()
    const alice = accountOf(await activeCustomer(h, ctx), 'USD')
    const bob = accountOf(await activeCustomer(h, ctx), 'USD')
    await fund(h, ctx, alice.id, 100n)
    const hold = { transferId: transferId(), code: TransferCode.TRANSFER_CODE_PAYMENT, legs: [leg(byId(alice.id), byId(bob.id), 30n)] }
    await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    const frozen = await setStatus(ctx, alice.id, 'FROZEN')
    expect(frozen).toMatchObject({ status: 'FROZEN', balance: { amount: 70 }, totalBalance: { amount: 100 } })
    expect(frozen).not.toHaveProperty('cardCapabilities')
    const pay = (from: string, to: string) => ({ transferId: transferId(), code: TransferCode.TRANSFER_CODE_PAYMENT, legs: [leg(byId(from), byId(to), 1n)] })
    expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, pay(alice.id, bob.id), ctx))).details).toMatchObject({ status: 'FROZEN' })
    await fund(h, ctx, bob.id, 5n)
    expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, pay(bob.id, alice.id), ctx))).details).toMatchObject({ status: 'FROZEN' })
    expect((await failure(callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: transferId(), pendingId: hold.transferId }, ctx))).details).toMatchObject({
      status: 'FROZEN',
    })
    await callUnary(h.ledger, h.ledger.voidPendingTransfer, { transferId: transferId(), pendingId: hold.transferId }, ctx)
    await setStatus(ctx, alice.id, 'ACTIVE')
    await callUnary(h.ledger, h.ledger.createTransfer, pay(alice.id, bob.id), ctx)
    expect(await balancesOf(h, ctx, [alice.id, bob.id])).toEqual([
      { available: 99n, total: 99n },
      { available: 6n, total: 6n },
    ])
  })

  it('closes only an empty account; a closed account is final and blocked', async () => {
    const ctx = newTenant()
    const alice = accountOf(await activeCustomer(h, ctx), 'USD')
    const bob = accountOf(await activeCustomer(h, ctx), 'USD')
    await fund(h, ctx, alice.id, 10n)
    expect(await failure(setStatus(ctx, alice.id, 'CLOSED'))).toMatchObject({ code: 'CONFLICT', details: { accountId: alice.id } })
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: TransferCode.TRANSFER_CODE_PAYMENT, legs: [leg(byId(alice.id), byId(bob.id), 10n)] }, ctx)
    expect((await setStatus(ctx, alice.id, 'CLOSED')).status).toBe('CLOSED')
    const send = { transferId: transferId(), code: TransferCode.TRANSFER_CODE_PAYMENT, legs: [leg(byId(bob.id), byId(alice.id), 1n)] }
    expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, send, ctx))).details).toMatchObject({ status: 'CLOSED' })
    expect((await failure(setStatus(ctx, alice.id, 'ACTIVE'))).code).toBe('INVALID_STATE_TRANSITION')
    expect((await failure(setStatus(ctx, alice.id, 'OPEN'))).code).toBe('INVALID_INPUT')
    const statuses = (await eventsFor(alice.id)).filter((e) => e.type === 'INTERNAL_ACCOUNT.STATUS_UPDATED').map((e) => e.data.status)
    expect(statuses).toEqual(['ACTIVE', 'CLOSED'])
  })
})

describe('rule-based accounts', () => {
  const keyed = (ctx: Caller, key: string | undefined = newId('Request')) => ({ ...ctx, idempotencyKey: key })
  const create = (ctx: Caller, request: object) =>
    callUnary(h.accounts, h.accounts.createRuleBasedInternalAccount, { type: 'RULE_BASED', currency: 'USD', ...request }, ctx).then(shownAccount)
  const ruleBasedCount = async (ctx: Caller) =>
    shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { type: 'RULE_BASED', limit: 0 }, ctx)).totalCount

  async function holder(ctx: Caller, overrides: Record<string, unknown> = {}) {
    const accounts = await activeCustomer(h, ctx, overrides)
    return { customerId: accounts[0]?.customerId, usd: accounts.find((a) => a.type === 'INTERNAL_FIAT' && a.balance.currency.code === 'USD') }
  }

  it('creates the account with its sweep rule; a retry with the key answers the first account unchanged', async () => {
    const ctx = newTenant()
    const { customerId, usd } = await holder(ctx)
    const request = { customerId, label: 'Invoices from Acme', sweepRule: { destinationAccountId: usd!.id, payerName: 'Acme Corp' } }
    const call = keyed(ctx)
    const account = await create(call, request)
    expect(account).toMatchObject({
      type: 'RULE_BASED',
      status: 'ACTIVE',
      customerId,
      label: 'Invoices from Acme',
      sweepRule: { destinationAccountId: usd!.id, payerName: 'Acme Corp' },
      balance: { amount: 0, currency: USD },
      fundingPaymentInstructions: [{ accountOrWalletInfo: { accountType: 'USD_ACCOUNT' } }],
    })
    const accountNumberOf = (view: typeof account) => (view.fundingPaymentInstructions[0]!.accountOrWalletInfo as { accountNumber?: string }).accountNumber
    expect(accountNumberOf(account)).not.toBe(accountNumberOf(usd!))
    await fundAccount(ctx, account.id, 50n)
    const retries = await Promise.all([create(call, request), create(call, request)])
    for (const retry of retries) expect(retry).toEqual(account)
    expect(await ruleBasedCount(ctx)).toBe(1)
    expect((await failure(create(call, { ...request, label: 'other' }))).code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('creates one account for concurrent first calls with one key', async () => {
    const ctx = newTenant()
    const { customerId, usd } = await holder(ctx)
    const call = keyed(ctx)
    const request = { customerId, sweepRule: { destinationAccountId: usd!.id } }
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(call, request)))
    expect(new Set(answers.map((a) => a.id)).size).toBe(1)
    expect(await ruleBasedCount(ctx)).toBe(1)
  })

  it('refuses every broken rule with its status and code, creating nothing', async () => {
    const ctx = newTenant()
    const { customerId, usd } = await holder(ctx)
    const sweepRule = { destinationAccountId: usd!.id }
    const fields = async (call: Caller, request: object) => {
      const error = await failure(create(call, request))
      expect(error.code).toBe('INVALID_INPUT')
      return (error.details.errors as Array<{ field: string }>).map((e) => e.field)
    }
    expect(await fields({ ...ctx, idempotencyKey: undefined }, { customerId, sweepRule })).toEqual(['Idempotency-Key'])
    expect(await fields(keyed(ctx), { customerId, sweepRule, type: 'INTERNAL_FIAT' })).toEqual(['type'])
    expect(await fields(keyed(ctx), { customerId, sweepRule, currency: 'EUR' })).toEqual(['currency'])
    expect(await fields(keyed(ctx), { sweepRule })).toEqual(['customerId'])
    expect(await fields(keyed(ctx), { customerId, sweepRule, label: 'x'.repeat(256) })).toEqual(['label'])
    expect(await fields(keyed(ctx), { customerId })).toEqual(['sweepRule'])
    expect(await fields(keyed(ctx), { customerId, sweepRule: { destinationAccountId: 'InternalAccount:elsewhere' } })).toEqual(['sweepRule.destinationAccountId'])
    expect((await failure(create(keyed(ctx), { customerId: 'Customer:unknown', sweepRule }))).code).toBe('CUSTOMER_NOT_FOUND')
    expect(await ruleBasedCount(ctx)).toBe(0)
  })

  it('needs a holder with the End User Terms on file and a verified USD account', async () => {
    const ctx = newTenant()
    const handle = handleEvent(h.deps, createLogger('ledger-test', 'silent'))
    const noTerms = customerData({ agreementConsents: [] })
    await handle({ id: newId('Event'), type: 'CUSTOMER.CREATED', source: 'customers', ...tenantOf(ctx), occurredAt: '', data: noTerms })
    const notApproved = await holder(ctx, { kycStatus: 'PENDING' })
    const sweepRule = { destinationAccountId: notApproved.usd!.id }
    expect((await failure(create(keyed(ctx), { customerId: noTerms.id, sweepRule }))).code).toBe('END_USER_TERMS_NOT_ACCEPTED')
    expect((await failure(create(keyed(ctx), { customerId: notApproved.customerId, sweepRule }))).code).toBe('USER_NOT_READY')
  })
})
