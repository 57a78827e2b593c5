import type { EventEnvelope } from '@pp/events'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { TransferCode } from '@pp/proto/ledger/v1/ledger'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleEvent } from '../src/events/consumers.js'
import {
  accountOf,
  activeCustomer,
  balancesOf,
  byId,
  customerData,
  failure,
  fund,
  leg,
  newTenant,
  startHarness,
  tenantOf,
  transferId,
  type Harness,
} from './harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('internal_accounts')
})
afterAll(() => h?.stop())

const USD = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }

async function eventsFor(accountId: string): Promise<EventEnvelope<Record<string, any>>[]> {
  const rows = await h.db.outboxEvent.findMany({ where: { subject: { startsWith: 'events.ledger.' } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows
    .map((row) => row.payload as unknown as EventEnvelope<Record<string, any>>)
    .filter((e) => e.data.id === accountId || e.data.transaction?.destination?.accountId === accountId)
}

const get = (ctx: Caller, accountId: string) => callUnary(h.accounts, h.accounts.getInternalAccount, { accountId }, ctx)
const setStatus = (ctx: Caller, accountId: string, status: string) =>
  callUnary(h.accounts, h.accounts.updateInternalAccountStatus, { accountId, status }, ctx)

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
      balance: { amount: 0n, currency: USD },
      totalBalance: { amount: 0n, currency: USD },
      cardCapabilities: { actions: ['PURCHASE', 'REFUND', 'BALANCE_INQUIRY'] },
      fundingPaymentInstructions: [
        { isPlatformAccount: false, accountOrWalletInfo: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] } },
      ],
    })
    expect(usd.label).toBeUndefined()
    expect(usd.sweepRule).toBeUndefined()
    expect(usd.privateEnabled).toBeUndefined()
    const wallet = accountOf(accounts, 'USDB', 'EMBEDDED_WALLET')
    expect(wallet.privateEnabled).toBe(false)
    expect(wallet.cardCapabilities).toBeUndefined()
    expect(accountOf(accounts, 'EUR').cardCapabilities).toBeUndefined()
    expect((await get(ctx, usd.id)).account).toEqual(usd)
  })

  it('lists by owner with filters and keyset pages', async () => {
    const ctx = newTenant()
    const [first] = await activeCustomer(h, ctx)
    await activeCustomer(h, ctx)
    const list = (request: object) => callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { limit: 0, ...request }, ctx)
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
    const platform = await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { limit: 0 }, ctx)
    expect(platform.data.every((a) => a.customerId === undefined && a.fundingPaymentInstructions[0]?.isPlatformAccount)).toBe(true)
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
})

describe('sandbox funding', () => {
  it('credits once per Idempotency-Key, even when retries race, and refuses the key with another amount', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund-once' }), 'USD')
    const keyed = { ...ctx, idempotencyKey: 'fund-once-1' }
    const fund = (amount: bigint) => callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId: usd.id, amount }, keyed)
    const answers = await Promise.all([fund(700n), fund(700n), fund(700n)])
    expect(answers.map((a) => a.account!.balance!.amount)).toEqual([700n, 700n, 700n])
    expect((await failure(fund(800n))).code).toBe('IDEMPOTENCY_KEY_REUSED')
    const { account } = await callUnary(h.accounts, h.accounts.getInternalAccount, { accountId: usd.id }, ctx)
    expect([account!.balance!.amount, account!.totalBalance!.amount]).toEqual([700n, 700n])
    expect((await eventsFor(usd.id)).filter((e) => e.type === 'INCOMING_PAYMENT')).toHaveLength(1)
  })

  it('reads back the funded account, balances included, exactly as the funding answered; only within its tenant', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund-read' }), 'USD')
    const { account } = await callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId: usd.id, amount: 2_500n }, ctx)
    expect((await get(ctx, usd.id)).account).toEqual(account)
    expect((await failure(get({ ...ctx, environment: 'PRODUCTION' }, usd.id))).code).toBe('ACCOUNT_NOT_FOUND')
  })

  it('credits at once, moving balance and totalBalance by exactly the amount, and raises INCOMING_PAYMENT', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx, { platformCustomerId: 'pc-fund' }), 'USD')
    const { account } = await callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId: usd.id, amount: 100_000n }, ctx)
    expect(account).toMatchObject({ id: usd.id, balance: { amount: 100_000n }, totalBalance: { amount: 100_000n } })
    expect(account!.updatedAt!.getTime()).toBeGreaterThanOrEqual(usd.updatedAt!.getTime())
    const events = await eventsFor(usd.id)
    expect(events.map((e) => e.type)).toEqual(['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INCOMING_PAYMENT'])
    expect(events[1]).toMatchObject({ source: 'ledger', platformId: ctx.platformId, environment: 'SANDBOX' })
    expect(events[1]!.data).toEqual({
      type: 'INCOMING_PAYMENT',
      transaction: {
        id: expect.stringMatching(/^Transaction:/),
        status: 'COMPLETED',
        type: 'INCOMING',
        direction: 'CREDIT',
        destination: { destinationType: 'ACCOUNT', accountId: usd.id, currency: 'USD' },
        receivedAmount: { amount: 100_000, currency: USD },
        customerId: usd.customerId,
        platformCustomerId: 'pc-fund',
        description: 'Sandbox funding',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        settledAt: expect.any(String),
      },
    })
  })

  it('raises INTERNAL_ACCOUNT.BALANCE_UPDATED with the whole account for a crypto account', async () => {
    const ctx = newTenant()
    const usdb = accountOf(await activeCustomer(h, ctx), 'USDB', 'INTERNAL_CRYPTO')
    await callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId: usdb.id, amount: 5_000_000n }, ctx)
    const events = await eventsFor(usdb.id)
    expect(events.map((e) => e.type)).toEqual(['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INCOMING_PAYMENT', 'INTERNAL_ACCOUNT.BALANCE_UPDATED'])
    expect(events[2]!.data).toMatchObject({ id: usdb.id, type: 'INTERNAL_CRYPTO', balance: { amount: 5_000_000, currency: { code: 'USDB', decimals: 6 } } })
  })

  it('is refused with production credentials, for bad amounts and for accounts that cannot receive; nothing changes', async () => {
    const ctx = newTenant()
    const usd = accountOf(await activeCustomer(h, ctx), 'USD')
    const fundIt = (amount: bigint, on = ctx, accountId = usd.id) => failure(callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId, amount }, on))
    expect(await fundIt(1n, { ...ctx, environment: 'PRODUCTION' })).toMatchObject({ code: 'FORBIDDEN' })
    expect((await fundIt(0n)).code).toBe('INVALID_AMOUNT')
    expect((await fundIt(100_000_000_001n)).code).toBe('AMOUNT_OUT_OF_RANGE')
    expect((await fundIt(1n, ctx, 'InternalAccount:none')).code).toBe('ACCOUNT_NOT_FOUND')
    await setStatus(ctx, usd.id, 'FROZEN')
    expect(await fundIt(1n)).toMatchObject({ code: 'CONFLICT', details: { accountId: usd.id, status: 'FROZEN' } })
    expect((await get(ctx, usd.id)).account?.balance?.amount).toBe(0n)
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
    expect((await failure(callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId: pending.id, amount: 1n }, ctx))).details).toMatchObject({
      status: 'PENDING',
    })
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
    expect(frozen.account).toMatchObject({ status: 'FROZEN', balance: { amount: 70n }, totalBalance: { amount: 100n } })
    expect(frozen.account?.cardCapabilities).toBeUndefined()
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
    expect((await setStatus(ctx, alice.id, 'CLOSED')).account?.status).toBe('CLOSED')
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
    callUnary(h.accounts, h.accounts.createRuleBasedInternalAccount, { type: 'RULE_BASED', currency: 'USD', ...request }, ctx)

  async function holder(ctx: Caller, overrides: Record<string, unknown> = {}) {
    const accounts = await activeCustomer(h, ctx, overrides)
    return { customerId: accounts[0]?.customerId, usd: accounts.find((a) => a.type === 'INTERNAL_FIAT' && a.balance?.currency?.code === 'USD') }
  }

  it('creates the account with its sweep rule; a retry with the key answers the first account unchanged', async () => {
    const ctx = newTenant()
    const { customerId, usd } = await holder(ctx)
    const request = { customerId, label: 'Invoices from Acme', sweepRule: { destinationAccountId: usd!.id, payerName: 'Acme Corp' } }
    const call = keyed(ctx)
    const { account } = await create(call, request)
    expect(account).toMatchObject({
      type: 'RULE_BASED',
      status: 'ACTIVE',
      customerId,
      label: 'Invoices from Acme',
      sweepRule: { destinationAccountId: usd!.id, payerName: 'Acme Corp' },
      balance: { amount: 0n, currency: USD },
      fundingPaymentInstructions: [{ accountOrWalletInfo: { accountType: 'USD_ACCOUNT' } }],
    })
    expect(account!.fundingPaymentInstructions[0]!.accountOrWalletInfo!.accountNumber).not.toBe(usd!.fundingPaymentInstructions[0]!.accountOrWalletInfo!.accountNumber)
    await callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId: account!.id, amount: 50n }, ctx)
    const retries = await Promise.all([create(call, request), create(call, request)])
    for (const retry of retries) expect(retry.account).toEqual(account)
    expect((await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { type: 'RULE_BASED', limit: 0 }, ctx)).totalCount).toBe(1)
    expect((await failure(create(call, { ...request, label: 'other' }))).code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  it('creates one account for concurrent first calls with one key', async () => {
    const ctx = newTenant()
    const { customerId, usd } = await holder(ctx)
    const call = keyed(ctx)
    const request = { customerId, sweepRule: { destinationAccountId: usd!.id } }
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(call, request)))
    expect(new Set(answers.map((a) => a.account!.id)).size).toBe(1)
    expect((await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { type: 'RULE_BASED', limit: 0 }, ctx)).totalCount).toBe(1)
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
    expect((await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { type: 'RULE_BASED', limit: 0 }, ctx)).totalCount).toBe(0)
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
