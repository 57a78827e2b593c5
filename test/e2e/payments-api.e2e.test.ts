import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from './mesh.js'
import {
  balanceOf,
  createCustomer,
  euroExternalAccount,
  expectBalancedAndSettled,
  expectOneWebhook,
  finalTransaction,
  fund,
  ledgerBooks,
  sendNow,
  startPaymentsWorld,
  type Customer,
  type PaymentsWorld,
} from './payments-support.js'

/**
 * Quotes and transactions end to end through the gateway, with the real platform, customers,
 * ledger, payments and webhooks processes: every row of the spec's two sandbox tables, realtime
 * funding, the transaction list, the quote errors and idempotent execution.
 */
const QUOTE_TTL_MS = 3_000
/** The delayed outcomes (suffix 005 transfers, suffix 003 payouts) wait long enough to be seen pending. */
const OBSERVABLE_DELAY_MS = 2_000
let world: PaymentsWorld
let payer: Customer

beforeAll(async () => {
  world = await startPaymentsWorld('payments', {
    // quotes expire within the test; US accounts stay under ACH validation for the whole file
    env: {
      QUOTE_TTL_MS: String(QUOTE_TTL_MS),
      ACH_VALIDATION_WINDOW_MS: '600000',
      SANDBOX_PENDING_FAILURE_DELAY: String(OBSERVABLE_DELAY_MS),
      SANDBOX_SLOW_SETTLEMENT_DELAY: String(OBSERVABLE_DELAY_MS),
    },
  })
  payer = await createCustomer(world)
  await fund(world, payer.accounts.EUR!, 1_000_000)
  await fund(world, payer.accounts.USD!, 1_000_000)
}, 180_000)

afterAll(async () => {
  await world?.stop()
})

const quoteBody = (source: string, destination: string, amount: number, extra: Record<string, unknown> = {}) => ({
  source: { sourceType: 'ACCOUNT', accountId: source },
  destination: { destinationType: 'ACCOUNT', accountId: destination },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: amount,
  ...extra,
})

interface Row {
  suffix: string
  status: 'COMPLETED' | 'FAILED'
  /** What the source account lost once the transaction is final: nothing, or the quote's total. */
  debited: boolean
  failureReason?: string
  refund?: { status: string; reason: string }
  /** Statuses the transaction passes through before its final one, each announced once. */
  through?: string[]
  /** A delayed outcome: right after the answer the transaction is PROCESSING with the funds held. */
  pending?: true
}

/**
 * Runs one scenario row: a quote executed at once from the customer's `currency` account to a EUR
 * account ending in the suffix, then its final state, the balance before and after and the webhooks.
 */
async function runRow(row: Row, currency: 'EUR' | 'USD') {
  const destination = await euroExternalAccount(world, payer.id, row.suffix)
  const before = await balanceOf(world, payer, currency)
  const quote = await sendNow(world, payer.accounts[currency]!, destination, 1_000)
  if (row.pending) {
    expect((await world.api('GET', `/transactions/${quote.transactionId}`)).body.status).toBe('PROCESSING')
    // held: no longer spendable, still owned
    expect(await balanceOf(world, payer, currency)).toEqual({ available: before.available - quote.totalSendingAmount, total: before.total })
  }
  const transaction = await finalTransaction(world, quote.transactionId, { status: row.status })
  expect(transaction).toMatchObject({
    status: row.status,
    type: 'OUTGOING',
    direction: 'DEBIT',
    quoteId: quote.id,
    source: { sourceType: 'ACCOUNT', accountId: payer.accounts[currency] },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
    sentAmount: { amount: quote.totalSendingAmount, currency: { code: currency } },
  })
  expect(transaction.failureReason).toBe(row.failureReason)
  if (row.refund) expect(transaction.refund).toMatchObject(row.refund)
  else expect(transaction.refund).toBeUndefined()

  await expectOneWebhook(world, quote.transactionId, row.status)
  for (const status of row.through ?? []) await expectOneWebhook(world, quote.transactionId, status)
  const after = await balanceOf(world, payer, currency)
  const expected = before.available - (row.debited ? quote.totalSendingAmount : 0)
  expect(after).toEqual({ available: expected, total: expected })
}

describe('sandbox transfers by the external account suffix (same currency)', () => {
  const rows: Row[] = [
    { suffix: '002', status: 'FAILED', debited: false, failureReason: 'QUOTE_EXECUTION_FAILED' },
    { suffix: '003', status: 'FAILED', debited: false, failureReason: 'ACCOUNT_INVALID' },
    { suffix: '004', status: 'FAILED', debited: false, failureReason: 'ACCOUNT_CANNOT_RECEIVE' },
    { suffix: '005', status: 'FAILED', debited: false, failureReason: 'ACCOUNT_CANNOT_RECEIVE', through: ['PROCESSING'], pending: true },
    { suffix: '000', status: 'COMPLETED', debited: true },
  ]
  it.each(rows)('suffix $suffix: $status', (row) => runRow(row, 'EUR'))

})

describe('sandbox cross-currency payouts by the external account suffix', () => {
  const refunded = (reason: string) => ({ status: 'COMPLETED', reason })
  const rows: Row[] = [
    { suffix: '002', status: 'FAILED', debited: false, failureReason: 'QUOTE_EXECUTION_FAILED' },
    { suffix: '003', status: 'COMPLETED', debited: true, through: ['PROCESSING'], pending: true },
    { suffix: '004', status: 'FAILED', debited: false, failureReason: 'COUNTERPARTY_POST_TX_FAILED', refund: refunded('TRANSACTION_FAILED') },
    // completes, then the receiving bank returns it: COMPLETED and later FAILED, each announced
    { suffix: '005', status: 'FAILED', debited: false, failureReason: 'PAYOUT_RETURNED', refund: refunded('TRANSACTION_FAILED'), through: ['COMPLETED'] },
    { suffix: '006', status: 'FAILED', debited: false, refund: refunded('USER_CANCELLATION') },
    // the payout failed and so did its refund: the money is gone, the platform is told so
    { suffix: '007', status: 'FAILED', debited: true, failureReason: 'COUNTERPARTY_POST_TX_FAILED', refund: { status: 'FAILED', reason: 'TRANSACTION_FAILED' } },
    { suffix: '000', status: 'COMPLETED', debited: true },
  ]
  it.each(rows)('suffix $suffix: $status', (row) => runRow(row, 'USD'))
})

describe('realtime funding', () => {
  it('quotes with payment instructions, refuses another currency, and credits the destination on /sandbox/send', async () => {
    const receiver = await createCustomer(world)
    const before = await balanceOf(world, receiver, 'EUR')
    const created = await world.api('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', customerId: receiver.id, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: receiver.accounts.EUR },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 5_000,
    })
    expect(created.status).toBe(201)
    const quote = created.body
    expect(quote).toMatchObject({ status: 'PENDING', totalReceivingAmount: 5_000, sendingCurrency: { code: 'USD' }, receivingCurrency: { code: 'EUR' } })
    expect(quote.paymentInstructions.length).toBeGreaterThan(0)

    const wrongCurrency = await world.api('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' })
    expect([wrongCurrency.status, wrongCurrency.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect(await balanceOf(world, receiver, 'EUR')).toEqual(before)

    const sent = await world.api('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ id: quote.transactionId, source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } })
    const transaction = await finalTransaction(world, quote.transactionId)
    expect(transaction).toMatchObject({ status: 'COMPLETED', receivedAmount: { amount: 5_000 } })
    const credited = before.available + 5_000
    expect(await balanceOf(world, receiver, 'EUR')).toEqual({ available: credited, total: credited })
    await expectOneWebhook(world, quote.transactionId, 'COMPLETED')
    await waitUntil(
      async () => world.webhooks.some((w) => String(w.body?.type).startsWith('INCOMING_PAYMENT') && w.rawBody.includes(receiver.accounts.EUR!)),
      'the incoming payment webhook of the receiving account',
      15_000,
    )
  })

  it('pays another customer internally: one account debited, the other credited, both told', async () => {
    const receiver = await createCustomer(world)
    const before = await balanceOf(world, payer, 'USD')
    const quote = await sendNow(world, payer.accounts.USD!, receiver.accounts.USD!, 2_500)
    expect(await finalTransaction(world, quote.transactionId)).toMatchObject({ status: 'COMPLETED' })
    expect((await balanceOf(world, payer, 'USD')).available).toBe(before.available - quote.totalSendingAmount)
    expect(await balanceOf(world, receiver, 'USD')).toEqual({ available: quote.totalReceivingAmount, total: quote.totalReceivingAmount })
    await expectOneWebhook(world, quote.transactionId, 'COMPLETED')
    await waitUntil(
      async () => world.webhooks.some((w) => String(w.body?.type).startsWith('INCOMING_PAYMENT') && w.rawBody.includes(receiver.accounts.USD!)),
      'the incoming payment webhook of the receiving customer',
      15_000,
    )
    const received = await world.api('GET', `/transactions?customerId=${encodeURIComponent(receiver.id)}`)
    expect(received.body.data).toEqual([
      expect.objectContaining({ type: 'INCOMING', direction: 'CREDIT', status: 'COMPLETED', receivedAmount: expect.objectContaining({ amount: quote.totalReceivingAmount }) }),
    ])
  })
})

describe('production realtime funding', () => {
  it('shows no funding account while no production rail owns one: 501, never the sandbox test accounts', async () => {
    const platform = await world.mesh.createPlatform(`e2e-production-funding-${randomBytes(4).toString('hex')}`)
    const production = apiClient(world.mesh, platform.production)
    let account: { id: string } | undefined
    await waitUntil(async () => (account = (await production('GET', '/platform/internal-accounts?currency=USD')).body.data?.[0]) !== undefined, "the platform's production account", 30_000)
    const refused = await production('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: account!.id },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 5_000,
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(501)
    expect(refused.body.code).toBe('NOT_IMPLEMENTED')
    expect(JSON.stringify(refused.body)).not.toMatch(/Sandbox Collections Bank|021000021/)
  })
})

describe('sandbox UMA payments', () => {
  it('credits the customer with an INCOMING transaction and an INCOMING_PAYMENT webhook', async () => {
    const receiver = await createCustomer(world)
    const body = { senderUmaAddress: '$success.usd@sandbox.example.com', customerId: receiver.id, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1_234 }
    const received = await world.api('POST', '/sandbox/uma/receive', body)
    expect(received.status, JSON.stringify(received.body)).toBe(200)
    expect(received.body).toMatchObject({
      type: 'INCOMING',
      direction: 'CREDIT',
      customerId: receiver.id,
      source: { sourceType: 'UMA_ADDRESS', umaAddress: body.senderUmaAddress },
      destination: { destinationType: 'ACCOUNT', accountId: receiver.accounts.USD },
      receivedAmount: { amount: 1_234, currency: { code: 'USD' } },
    })
    expect(await finalTransaction(world, received.body.id)).toMatchObject({ status: 'COMPLETED' })
    expect(await balanceOf(world, receiver, 'USD')).toEqual({ available: 1_234, total: 1_234 })
    await expectOneWebhook(world, received.body.id, 'COMPLETED', 'INCOMING_PAYMENT')
  })
})

describe('GET /transactions', () => {
  const list = async (query: string) => {
    const res = await world.api('GET', `/transactions?customerId=${encodeURIComponent(payer.id)}&${query}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as { data: any[]; hasMore: boolean; nextCursor?: string; totalCount: number }
  }

  it('pages newest first with an opaque cursor, every transaction exactly once', async () => {
    const first = await list('limit=3')
    expect(first.data).toHaveLength(3)
    expect(first.hasMore).toBe(true)
    expect(first.totalCount).toBeGreaterThan(10)
    const seen = [...first.data]
    let cursor = first.nextCursor
    for (let page = 0; cursor && page < 20; page++) {
      const next = await list(`limit=3&cursor=${encodeURIComponent(cursor)}`)
      seen.push(...next.data)
      cursor = next.hasMore ? next.nextCursor : undefined
    }
    expect(seen).toHaveLength(first.totalCount)
    expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length)
    const created = seen.map((t) => Date.parse(t.createdAt))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect((await list('')).data).toHaveLength(Math.min(20, first.totalCount))
  })

  it('combines the filters of the spec and the reference', async () => {
    const failed = await list('status=FAILED&limit=100')
    expect(failed.data.length).toBeGreaterThan(0)
    expect(failed.data.every((t) => t.status === 'FAILED')).toBe(true)

    const fromEuro = await list(`senderAccountIdentifier=${encodeURIComponent(payer.accounts.EUR!)}&type=OUTGOING&limit=100`)
    expect(fromEuro.data.length).toBeGreaterThan(0)
    expect(fromEuro.data.every((t) => t.source.accountId === payer.accounts.EUR && t.type === 'OUTGOING')).toBe(true)

    const [sample] = fromEuro.data
    const toOne = await list(`receiverAccountIdentifier=${encodeURIComponent(sample.destination.accountId)}`)
    expect(toOne.data.map((t) => t.id)).toEqual([sample.id])
    expect((await list(`accountIdentifier=${encodeURIComponent(sample.destination.accountId)}`)).totalCount).toBe(1)

    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect(await list(`startDate=${future}`)).toMatchObject({ data: [], hasMore: false, totalCount: 0 })
    const window = await list(`startDate=${sample.createdAt}&endDate=${new Date(Date.parse(sample.createdAt) + 1_000).toISOString()}`)
    expect(window.data.map((t) => t.id)).toContain(sample.id)

    const oldestFirst = await list('sortOrder=asc&limit=100')
    const created = oldestFirst.data.map((t) => Date.parse(t.createdAt))
    expect(created).toEqual([...created].sort((a, b) => a - b))
  })

  it('refuses a page size above 100 and answers 404 for an unknown transaction', async () => {
    const tooBig = await world.api('GET', '/transactions?limit=101')
    expect([tooBig.status, tooBig.body.code]).toEqual([400, 'INVALID_INPUT'])
    const missing = await world.api('GET', '/transactions/Transaction:019a0000-0000-7000-8000-000000000000')
    expect([missing.status, missing.body.code]).toEqual([404, 'TRANSACTION_NOT_FOUND'])
  })
})

describe('quote errors change nothing', () => {
  let euroPayee: string

  beforeAll(async () => {
    euroPayee = await euroExternalAccount(world, payer.id, '000')
  })

  /** Creates the quote, expects the error, and checks that no money moved and no transaction appeared. */
  async function expectRefusal(body: unknown, status: number, code: string) {
    const count = async () => (await world.api('GET', `/transactions?customerId=${encodeURIComponent(payer.id)}`)).body.totalCount
    const [usd, eur, transactions] = [await balanceOf(world, payer, 'USD'), await balanceOf(world, payer, 'EUR'), await count()]
    const res = await world.api('POST', '/quotes', body)
    expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([status, code])
    expect([await balanceOf(world, payer, 'USD'), await balanceOf(world, payer, 'EUR'), await count()]).toEqual([usd, eur, transactions])
  }

  it('INSUFFICIENT_FUNDS when executing at once beyond the balance', async () => {
    const { available } = await balanceOf(world, payer, 'EUR')
    await expectRefusal(quoteBody(payer.accounts.EUR!, euroPayee, available + 1, { immediatelyExecute: true }), 400, 'INSUFFICIENT_FUNDS')
  })

  it('TRANSACTION_SIZE_LIMIT_EXCEEDED above the corridor maximum', async () => {
    await expectRefusal(quoteBody(payer.accounts.USD!, euroPayee, 500_000_000_000), 400, 'TRANSACTION_SIZE_LIMIT_EXCEEDED')
  })

  it('SELF_PAYMENT from an account to itself', async () => {
    await expectRefusal(quoteBody(payer.accounts.USD!, payer.accounts.USD!, 100), 400, 'SELF_PAYMENT')
  })

  it('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED for a self-custody wallet whose ownership is unproven', async () => {
    const wallet = await world.api('POST', '/customers/external-accounts', {
      customerId: payer.id,
      currency: 'USDC',
      ownershipType: 'FIRST_PARTY',
      accountInfo: { accountType: 'ETHEREUM_WALLET', address: `0x${randomBytes(20).toString('hex')}` },
    })
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201)
    await expectRefusal(quoteBody(payer.accounts.USD!, wallet.body.id, 100), 400, 'EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED')
  })

  it('BANK_ACCOUNT_VALIDATION_PENDING while a US account is being validated', async () => {
    const account = await world.api('POST', '/customers/external-accounts', {
      customerId: payer.id,
      currency: 'USD',
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: `9876${String(randomBytes(3).readUIntBE(0, 3) % 100_000).padStart(5, '0')}000`,
        routingNumber: '011000015',
        accountCategory: 'CHECKING',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
      },
    })
    expect(account.status, JSON.stringify(account.body)).toBe(201)
    await expectRefusal(quoteBody(payer.accounts.USD!, account.body.id, 100), 409, 'BANK_ACCOUNT_VALIDATION_PENDING')
  })

  it('403 END_USER_TERMS_NOT_ACCEPTED for a customer without the terms on file', async () => {
    const stranger = await createCustomer(world, { acceptsTerms: false })
    const body = {
      source: { sourceType: 'REALTIME_FUNDING', customerId: stranger.id, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: euroPayee },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    }
    await expectRefusal(body, 403, 'END_USER_TERMS_NOT_ACCEPTED')
  })

  it('QUOTE_EXPIRED when executing after the quote lapsed', async () => {
    const created = await world.api('POST', '/quotes', quoteBody(payer.accounts.EUR!, euroPayee, 100))
    expect(created.status).toBe(201)
    const expiresAt = Date.parse(created.body.expiresAt)
    expect(expiresAt - Date.parse(created.body.createdAt)).toBe(QUOTE_TTL_MS)
    await waitUntil(async () => Date.now() > expiresAt, 'the quote to lapse', QUOTE_TTL_MS * 3)
    const before = await balanceOf(world, payer, 'EUR')
    const executed = await world.api('POST', `/quotes/${created.body.id}/execute`)
    expect([executed.status, executed.body.code]).toEqual([400, 'QUOTE_EXPIRED'])
    expect(await balanceOf(world, payer, 'EUR')).toEqual(before)
  })
})

describe('POST /quotes/{quoteId}/execute', () => {
  it('moves money once for any number of retries, even racing ones, with the same Idempotency-Key', async () => {
    const payee = await euroExternalAccount(world, payer.id, '000')
    const created = await world.api('POST', '/quotes', quoteBody(payer.accounts.EUR!, payee, 777))
    expect(created.status).toBe(201)
    const before = await balanceOf(world, payer, 'EUR')
    const key = { 'Idempotency-Key': `exec-${randomBytes(6).toString('hex')}` }
    // a retry racing the first call may be told to wait (409); every answer given names one transaction
    const racing = await Promise.all([1, 2, 3].map(() => world.api('POST', `/quotes/${created.body.id}/execute`, undefined, key)))
    const answered = racing.filter((a) => a.status === 200)
    expect(answered.length).toBeGreaterThan(0)
    expect(racing.filter((a) => a.status !== 200).map((a) => [a.status, a.body.code])).toEqual(racing.filter((a) => a.status !== 200).map(() => [409, 'CONFLICT']))
    const transactionId = answered[0]!.body.transactionId
    expect(answered.map((a) => a.body.transactionId)).toEqual(answered.map(() => transactionId))
    const retried = await world.api('POST', `/quotes/${created.body.id}/execute`, undefined, key)
    expect([retried.status, retried.body.transactionId]).toEqual([200, transactionId])

    const transaction = await finalTransaction(world, transactionId)
    expect(transaction.status).toBe('COMPLETED')
    const debited = before.available - created.body.totalSendingAmount
    expect(await balanceOf(world, payer, 'EUR')).toEqual({ available: debited, total: debited })
    await expectOneWebhook(world, transaction.id, 'COMPLETED')

    // without the key, executing an executed quote again is a conflict, and still moves nothing
    const again = await world.api('POST', `/quotes/${created.body.id}/execute`)
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT'])
    expect((await balanceOf(world, payer, 'EUR')).available).toBe(debited)
  })

  it('asks the holder of an embedded wallet to sign before anything moves', async () => {
    const query = `customerId=${encodeURIComponent(payer.id)}&type=EMBEDDED_WALLET`
    const [wallet] = (await world.api('GET', `/customers/internal-accounts?${query}`)).body.data
    // one USDB (six decimals) into the customer's USD account
    const created = await world.api('POST', '/quotes', quoteBody(wallet.id, payer.accounts.USD!, 1_000_000))
    expect(created.status, JSON.stringify(created.body)).toBe(201)

    const unsigned = await world.api('POST', `/quotes/${created.body.id}/execute`)
    expect(unsigned.status).toBe(202)
    expect(unsigned.body).toMatchObject({ payloadToSign: expect.any(String), requestId: expect.any(String) })
    const forged = await world.api('POST', `/quotes/${created.body.id}/execute`, undefined, {
      'Service-Wallet-Signature': Buffer.from('{"not":"a stamp"}').toString('base64url'),
      'Request-Id': unsigned.body.requestId,
    })
    expect(forged.status).toBe(401)
    expect((await world.api('GET', `/quotes/${created.body.id}`)).body.status).toBe('PENDING')
    expect((await world.api('GET', `/transactions/${created.body.transactionId}`)).status).toBe(404)
  })

  it('answers 404 QUOTE_NOT_FOUND for an unknown quote', async () => {
    const res = await world.api('POST', '/quotes/Quote:019a0000-0000-7000-8000-000000000000/execute')
    expect([res.status, res.body.code]).toEqual([404, 'QUOTE_NOT_FOUND'])
  })
})

describe('the ledger after all of it', () => {
  it('is balanced in every currency with no hold left open', async () => {
    await waitUntil(
      async () => {
        const open = await world.api('GET', `/transactions?customerId=${encodeURIComponent(payer.id)}&status=PROCESSING`)
        return open.body.totalCount === 0
      },
      'no transaction in flight',
      30_000,
    )
    expectBalancedAndSettled(await ledgerBooks(world))
  })
})
