import { randomBytes, randomUUID } from 'node:crypto'
import { connectNats, developmentSigningKey, eventVerifierOf, signedHeaders, type EventEnvelope } from '@pp/events'
import type { NatsConnection } from '@nats-io/transport-node'
import { newId } from '@pp/ids'
import { registry } from '@pp/metrics'
import { FundsCredited } from '@pp/proto/ledger/v1/events'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import type { CreateQuoteRequest } from '@pp/proto/payments/v1/payments'
import { testConnections, waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimQuote } from '../src/db/quotes.db.js'
import { recoverInterrupted } from '../src/domain/jobs/due-jobs.js'
import type { StoredLeg } from '../src/domain/quotes/legs.js'
import { consumeFact } from '../src/events/fact-consumer.js'
import { fundsCredited } from '../src/events/ledger-funds-credited.js'
import { recordFundsCredited, transactionIdOfTransfer } from '../src/domain/transactions/funds-credited.js'
import type { QuoteView } from '../src/domain/quotes/view.js'
import { transactionFromQuote } from '../src/domain/transactions/from-quote.js'
import {
  balances,
  eurExternalAccount,
  eventTypesOf,
  failure,
  FEES,
  fiatAccount,
  fund,
  FUNDING,
  FX,
  IDEMPOTENCY_KEY_TTL_MS,
  newCustomer,
  newPlatform,
  pageOf,
  quoteOf,
  SIZE_LIMIT_USD,
  SLOW_CALL_MS,
  startHarness,
  transactionOf,
  type Harness,
  type TestCustomer,
} from './harness.js'
import { open } from '../src/db/client.js'

/** Quotes, execution and transactions through the real gRPC service, the real ledger and customers. */
let h: Harness
let ctx: Caller
let alice: TestCustomer
let bob: TestCustomer
let usd: string
let eur: string
const START = 1_000_000n

beforeAll(async () => {
  h = await startHarness()
  ctx = await newPlatform(h)
  alice = await newCustomer(h, ctx)
  bob = await newCustomer(h, ctx)
  usd = fiatAccount(alice, 'USD').id
  eur = fiatAccount(alice, 'EUR').id
  await fund(h, ctx, usd, START)
}, 180_000)

afterAll(async () => {
  await h?.stop()
})

const available = async (accountId: string): Promise<bigint> => (await balances(h, ctx, [{ accountId }]))[0]!.available

const quoteRequest = (overrides: Partial<CreateQuoteRequest> = {}): CreateQuoteRequest => ({
  source: { sourceType: 'ACCOUNT', accountId: usd },
  destination: { destinationType: 'ACCOUNT', accountId: fiatAccount(bob, 'USD').id },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: 1_000n,
  immediatelyExecute: false,
  ...overrides,
})

const createQuote = async (request: CreateQuoteRequest, context: Caller = ctx): Promise<QuoteView> =>
  quoteOf(await callUnary(h.payments, h.payments.createQuote, request, context, SLOW_CALL_MS))

const execute = async (quoteId: string, context: Caller = ctx): Promise<QuoteView> =>
  quoteOf(await callUnary(h.payments, h.payments.executeQuote, { quoteId }, context, SLOW_CALL_MS))

const getQuote = async (quoteId: string, context: Caller = ctx): Promise<QuoteView> =>
  quoteOf(await callUnary(h.payments, h.payments.getQuote, { quoteId }, context, SLOW_CALL_MS))

const transactionCount = (quoteId: string) => open(h.db).transaction.count({ where: { quoteId } })

describe('pricing', () => {
  it('internal to internal across currencies: fees to FEES, the converted principal to the receiver', async () => {
    const bobEur = fiatAccount(bob, 'EUR').id
    const [before, bobBefore, feesBefore] = await balances(h, ctx, [{ accountId: usd }, { accountId: bobEur }, FEES('USD')])
    const quote = await createQuote(
      quoteRequest({
        destination: { destinationType: 'ACCOUNT', accountId: bobEur },
        lockedCurrencySide: 'RECEIVING',
        lockedCurrencyAmount: 9_200n,
        platformFeeOverride: { platformFixedFee: { amount: 25n, currency: 'USD' }, platformVariableFeeBps: 50 },
      }),
    )
    // 9200 EUR cents need 9936 USD cents at 0.925925925925925926; 50 bps of it is 49.68 → 50; plus 25 fixed
    expect(quote).toMatchObject({ status: 'PENDING', totalReceivingAmount: 9_200, totalSendingAmount: 10_011, feesIncluded: 75, platformFeesIncluded: 75 })
    expect(quote.sendingCurrency).toMatchObject({ code: 'USD', decimals: 2 })
    expect(Date.parse(quote.expiresAt)).toBeGreaterThan(Date.parse(quote.createdAt))
    const executed = await execute(quote.id)
    expect(executed.status).toBe('COMPLETED')
    const [after, bobAfter, feesAfter] = await balances(h, ctx, [{ accountId: usd }, { accountId: bobEur }, FEES('USD')])
    expect(before!.available - after!.available).toBe(10_011n)
    expect(bobAfter!.available - bobBefore!.available).toBe(9_200n)
    expect(feesAfter!.total - feesBefore!.total).toBe(75n)
  })

  it('tells the gateway the source account and its type, so it can demand a wallet signature', async () => {
    const wallet = alice.accounts.find((a) => a.type === 'EMBEDDED_WALLET')!
    const fromWallet = { source: { sourceType: 'ACCOUNT', accountId: wallet.id }, lockedCurrencyAmount: 1_000_000n }
    const quote = await createQuote(quoteRequest({ ...fromWallet, destination: { destinationType: 'ACCOUNT', accountId: usd } }))
    const { facts } = await callUnary(h.payments, h.payments.getQuoteFacts, { quoteId: quote.id }, ctx, SLOW_CALL_MS)
    expect(facts).toEqual({
      id: quote.id,
      sourceAccountType: 'EMBEDDED_WALLET',
      sourceAccountId: wallet.id,
      // what an agent's policy weighs (the platform service)
      sendingCurrency: quote.sendingCurrency.code,
      totalSendingAmount: BigInt(quote.totalSendingAmount),
      transactionId: quote.transactionId,
      destinationAccountId: usd,
      // the wallet-auth request its payloadToSign belongs to: a stamp over it executes in one call
      signingRequestId: expect.stringMatching(/^Request:/),
    })
    expect(quote.paymentInstructions).toEqual([expect.objectContaining({ accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: expect.any(String) } })])
    expect(quote).not.toHaveProperty('sourceAccountType')
    const refused = await failure(createQuote(quoteRequest({ ...fromWallet, immediatelyExecute: true })))
    expect(refused.code).toBe('INVALID_INPUT')
  })
})

describe('refusals change nothing', () => {
  it.each([
    ['SELF_PAYMENT', () => quoteRequest({ destination: { destinationType: 'ACCOUNT', accountId: usd } })],
    ['TRANSACTION_SIZE_LIMIT_EXCEEDED', () => quoteRequest({ lockedCurrencyAmount: SIZE_LIMIT_USD + 1n })],
    ['INVALID_INPUT', () => quoteRequest({ lockedCurrencySide: 'SIDEWAYS' })],
    ['ACCOUNT_NOT_FOUND', () => quoteRequest({ source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:019a0000-0000-7000-8000-000000000000' } })],
  ])('%s', async (code, request) => {
    const before = await open(h.db).quote.count()
    expect((await failure(createQuote(request()))).code).toBe(code)
    expect(await open(h.db).quote.count()).toBe(before)
  })

  it('INSUFFICIENT_FUNDS on execute: no transaction, the quote still executable, no money moved', async () => {
    const poor = fiatAccount(bob, 'USD').id
    const quote = await createQuote(quoteRequest({ source: { sourceType: 'ACCOUNT', accountId: poor }, destination: { destinationType: 'ACCOUNT', accountId: usd }, lockedCurrencyAmount: 5_000_000n }))
    const before = await available(poor)
    const refused = await failure(callUnary(h.payments, h.payments.executeQuote, { quoteId: quote.id }, { ...ctx, idempotencyKey: 'poor-1' }, SLOW_CALL_MS))
    expect(refused.code).toBe('INSUFFICIENT_FUNDS')
    expect(await available(poor)).toBe(before)
    expect(await transactionCount(quote.id)).toBe(0)
    expect((await getQuote(quote.id)).status).toBe('PENDING')
    expect(await eventTypesOf(h, quote.transactionId)).toEqual([])
  })

  it('QUOTE_EXPIRED once expiresAt passed', async () => {
    const quote = await createQuote(quoteRequest())
    await open(h.db).quote.update({ where: { id: quote.id }, data: { expiresAt: new Date(Date.now() - 1) } })
    expect((await failure(execute(quote.id))).code).toBe('QUOTE_EXPIRED')
    expect((await getQuote(quote.id)).status).toBe('EXPIRED')
    expect(await transactionCount(quote.id)).toBe(0)
  })

  it('END_USER_TERMS_NOT_ACCEPTED for a customer without consent on an unregulated platform', async () => {
    const carol = await newCustomer(h, ctx, { consent: false })
    const refused = await failure(createQuote(quoteRequest({ source: { sourceType: 'REALTIME_FUNDING', customerId: carol.id, currency: 'USD' } })))
    expect(refused.code).toBe('END_USER_TERMS_NOT_ACCEPTED')
  })

  it("another platform's quotes and transactions do not exist", async () => {
    const quote = await createQuote(quoteRequest({ immediatelyExecute: true }))
    const other = await newPlatform(h)
    expect((await failure(getQuote(quote.id, other))).code).toBe('QUOTE_NOT_FOUND')
    expect((await failure(callUnary(h.payments, h.payments.getQuoteFacts, { quoteId: quote.id }, other, SLOW_CALL_MS))).code).toBe('QUOTE_NOT_FOUND')
    expect((await failure(execute(quote.id, other))).code).toBe('QUOTE_NOT_FOUND')
    const transaction = callUnary(h.payments, h.payments.getTransaction, { transactionId: quote.transactionId }, other, SLOW_CALL_MS)
    expect((await failure(transaction)).code).toBe('TRANSACTION_NOT_FOUND')
  })
})

describe('execute at most once', () => {
  it('the same Idempotency-Key answers the same quote with one transfer; another execute is 409', async () => {
    const quote = await createQuote(quoteRequest())
    const before = await available(usd)
    const keyed = { ...ctx, idempotencyKey: `exec-${quote.id}` }
    const first = await execute(quote.id, keyed)
    const again = await execute(quote.id, keyed)
    expect(again).toEqual(first)
    expect(first.status).toBe('COMPLETED')
    expect(await available(usd)).toBe(before - 1_000n)
    expect((await failure(execute(quote.id))).code).toBe('CONFLICT')
    expect(await transactionCount(quote.id)).toBe(1)
  })

  it('racing executes produce one transaction and move the money once', async () => {
    const quote = await createQuote(quoteRequest())
    const before = await available(usd)
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => execute(quote.id)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('CONFLICT')
    expect(await transactionCount(quote.id)).toBe(1)
    expect(await available(usd)).toBe(before - 1_000n)
  })
})

describe('Idempotency-Key lifetime', () => {
  /** Runs `steps` on a clock of the test's, moved by the `later` it is given. */
  async function onTestClock(steps: (later: (ms: number) => void) => Promise<void>): Promise<void> {
    const realClock = h.deps.now
    let now = new Date()
    h.deps.now = () => now
    try {
      await steps((ms) => void (now = new Date(now.getTime() + ms)))
    } finally {
      h.deps.now = realClock
    }
  }

  const keyRows = (key: string) => open(h.db).idempotencyKey.findMany({ where: { platformId: ctx.platformId, key } })

  it('a create replays until the key is a day old; after it the same key makes a new quote', async () => {
    const keyed = { ...ctx, idempotencyKey: `quote-${randomUUID()}` }
    await onTestClock(async (later) => {
      const first = await createQuote(quoteRequest(), keyed)
      later(IDEMPOTENCY_KEY_TTL_MS - 1)
      expect((await createQuote(quoteRequest(), keyed)).id).toBe(first.id)
      later(1)
      const second = await createQuote(quoteRequest(), keyed)
      expect(second.id).not.toBe(first.id)
      expect((await createQuote(quoteRequest(), keyed)).id).toBe(second.id)
      expect((await keyRows(keyed.idempotencyKey)).map((row) => row.response)).toEqual([{ quoteId: second.id }])
    })
  })

  it('an execute under a key a day old executes the quote it names, in place of the old answer', async () => {
    const keyed = { ...ctx, idempotencyKey: `exec-${randomUUID()}` }
    await onTestClock(async (later) => {
      const first = await execute((await createQuote(quoteRequest())).id, keyed)
      later(IDEMPOTENCY_KEY_TTL_MS)
      const quote = await createQuote(quoteRequest())
      const before = await available(usd)
      const second = await execute(quote.id, keyed)
      expect(second).toMatchObject({ id: quote.id, status: 'COMPLETED' })
      expect(await available(usd)).toBe(before - 1_000n)
      expect(second.id).not.toBe(first.id)
      expect((await keyRows(keyed.idempotencyKey)).map((row) => row.response)).toEqual([{ quoteId: quote.id }])
    })
  })
})

describe('durable delays', () => {
  it('a pending failure survives a worker restart and happens exactly once', async () => {
    const destination = await eurExternalAccount(h, ctx, alice.id, '005')
    await fund(h, ctx, eur, 50_000n)
    const before = await available(eur)
    const quote = await createQuote(quoteRequest({ source: { sourceType: 'ACCOUNT', accountId: eur }, destination: { destinationType: 'ACCOUNT', accountId: destination }, immediatelyExecute: true }))
    expect(quote.status).toBe('PROCESSING')
    // a worker starts and stops mid-delay (a process restart); a new one finishes the job
    await h.startWorkers().stop()
    expect(await available(eur)).toBe(before - 1_000n)
    const worker = h.startWorkers()
    await waitUntil(async () => (await open(h.db).transaction.findUniqueOrThrow({ where: { id: quote.transactionId } })).status === 'FAILED', 'the delayed failure', 20_000, 25)
    await worker.stop()
    expect(await available(eur)).toBe(before)
    expect(await eventTypesOf(h, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.FAILED'])
    expect(await open(h.db).paymentJob.count({ where: { transactionId: quote.transactionId, doneAt: null } })).toBe(0)
  })

  it('recovery finishes a transaction interrupted after its hold, with the same transfer ids', async () => {
    const quote = await createQuote(quoteRequest())
    const before = await available(usd)
    // what a crash leaves: the claim and the transaction committed, the hold maybe sent, nothing recorded after
    const row = await open(h.db).quote.findUniqueOrThrow({ where: { id: quote.id } })
    const past = new Date(Date.now() - 60_000)
    await claimQuote(h.deps.sql, ctx, quote.id, transactionFromQuote(row, past, ctx.requestId), undefined, past)
    await h.deps.services.hold(ctx, `${quote.transactionId}:hold`, row.legs as StoredLeg[])
    expect(await available(usd)).toBe(before - 1_000n)
    await recoverInterrupted(h.deps, 1_000, 10)
    const transaction = await open(h.db).transaction.findUniqueOrThrow({ where: { id: quote.transactionId } })
    expect([transaction.status, transaction.stage]).toEqual(['COMPLETED', 'DONE'])
    expect(await available(usd)).toBe(before - 1_000n)
  })

  it('cancel releases a payout still waiting; a completed one is not cancellable', async () => {
    const destination = await eurExternalAccount(h, ctx, alice.id, '005')
    const before = await available(eur)
    const quote = await createQuote(quoteRequest({ source: { sourceType: 'ACCOUNT', accountId: eur }, destination: { destinationType: 'ACCOUNT', accountId: destination }, immediatelyExecute: true }))
    const cancelled = transactionOf(await callUnary(h.payments, h.payments.cancelTransaction, { transactionId: quote.transactionId }, ctx, SLOW_CALL_MS))
    expect(cancelled.status).toBe('FAILED')
    expect(cancelled.refund).toMatchObject({ status: 'COMPLETED', reason: 'USER_CANCELLATION' })
    expect(await available(eur)).toBe(before)
    const done = await createQuote(quoteRequest({ immediatelyExecute: true }))
    const refused = await failure(callUnary(h.payments, h.payments.cancelTransaction, { transactionId: done.transactionId }, ctx, SLOW_CALL_MS))
    expect(refused.code).toBe('TRANSACTION_NOT_CANCELLABLE')
    const approve = await failure(callUnary(h.payments, h.payments.approveTransaction, { transactionId: done.transactionId }, ctx, SLOW_CALL_MS))
    expect(approve.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL')
  })
})

describe('realtime funding, UMA receive and transfers', () => {
  it('sandbox send delivers a realtime-funded quote; the currency must be the funding currency', async () => {
    const bobEur = fiatAccount(bob, 'EUR').id
    const quote = await createQuote(
      quoteRequest({ source: { sourceType: 'REALTIME_FUNDING', customerId: bob.id, currency: 'USD' }, destination: { destinationType: 'ACCOUNT', accountId: bobEur } }),
    )
    expect(quote.paymentInstructions?.[0]?.accountOrWalletInfo).toMatchObject({ accountType: 'USD_ACCOUNT' })
    const wrong = await failure(callUnary(h.payments, h.payments.sandboxSend, { quoteId: quote.id, currencyCode: 'EUR' }, ctx, SLOW_CALL_MS))
    expect(wrong.code).toBe('INVALID_INPUT')
    const [bobBefore, fundingBefore] = await balances(h, ctx, [{ accountId: bobEur }, FUNDING('USD')])
    const transaction = transactionOf(await callUnary(h.payments, h.payments.sandboxSend, { quoteId: quote.id, currencyCode: 'USD' }, ctx, SLOW_CALL_MS))
    expect(transaction).toMatchObject({ status: 'COMPLETED', type: 'OUTGOING', quoteId: quote.id })
    expect(transaction.source).toMatchObject({ sourceType: 'REALTIME_FUNDING', currency: 'USD' })
    const [bobAfter, fundingAfter] = await balances(h, ctx, [{ accountId: bobEur }, FUNDING('USD')])
    expect(bobAfter!.available - bobBefore!.available).toBe(BigInt(quote.totalReceivingAmount))
    expect(fundingBefore!.total - fundingAfter!.total).toBe(BigInt(quote.totalSendingAmount))
  })

  it('an UMA payment received credits the customer as an INCOMING transaction', async () => {
    const bobUsd = fiatAccount(bob, 'USD').id
    const before = await available(bobUsd)
    const request = { senderUmaAddress: '$sender@uma.example', customerId: bob.id, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 777n }
    const transaction = transactionOf(await callUnary(h.payments, h.payments.sandboxUmaReceive, request, ctx, SLOW_CALL_MS))
    expect(transaction).toMatchObject({ status: 'COMPLETED', type: 'INCOMING', direction: 'CREDIT', customerId: bob.id })
    expect(await available(bobUsd)).toBe(before + 777n)
    expect(await eventTypesOf(h, transaction.id)).toEqual(['INCOMING_PAYMENT.COMPLETED'])
  })

  it('transfer-out takes the same ledger path; transfer-in pulls from an external account', async () => {
    await fund(h, ctx, eur, 10_000n)
    const destination = await eurExternalAccount(h, ctx, alice.id, '010')
    const before = await available(eur)
    const out = await callUnary(h.payments, h.payments.transferOut, { sourceAccountId: eur, destinationAccountId: destination, amount: 4_000n }, ctx, SLOW_CALL_MS)
    expect(transactionOf(out)).toMatchObject({ status: 'COMPLETED', type: 'OUTGOING' })
    expect(await available(eur)).toBe(before - 4_000n)
    const pulled = await callUnary(h.payments, h.payments.transferIn, { sourceAccountId: destination, destinationAccountId: eur, amount: 1_500n }, ctx, SLOW_CALL_MS)
    expect(transactionOf(pulled)).toMatchObject({ status: 'COMPLETED' })
    expect(await available(eur)).toBe(before - 2_500n)
    const crossed = await failure(callUnary(h.payments, h.payments.transferOut, { sourceAccountId: usd, destinationAccountId: destination, amount: 100n }, ctx, SLOW_CALL_MS))
    expect(crossed.code).toBe('INVALID_INPUT')
  })
})

/** Runs `test` beside a consumer of the ledger's FUNDS_CREDITED facts of its own, from now on. */
async function withFundsCreditedConsumer(name: string, test: (nats: NatsConnection) => Promise<void>): Promise<void> {
  const nats = await connectNats((await testConnections()).natsUrl, `payments-${name}-test`)
  const consumer = await consumeFact(h.deps, nats, {
    durablePrefix: `payments-${name}-${randomBytes(4).toString('hex')}`,
    subject: 'events.ledger.FUNDS_CREDITED',
    verifier: eventVerifierOf({ NODE_ENV: 'test' }, h.deps.logger),
    startTime: new Date(),
  }, fundsCredited)
  try {
    await test(nats)
  } finally {
    await consumer.stop()
    await nats.drain()
  }
}

const incomingTo = async (accountId: string) =>
  pageOf(await callUnary(h.payments, h.payments.listTransactions, { limit: 0, receiverAccountIdentifier: accountId, type: 'INCOMING' }, ctx, SLOW_CALL_MS)).data

/** A FUNDS_CREDITED envelope as the ledger would write it, of a transfer no ledger made. */
function forgedFundsCredited(accountId: string): { envelope: EventEnvelope; transferId: string } {
  const transferId = `Transfer:${randomUUID()}`
  const data = FundsCredited.toJSON({ transferId, accountId, currency: 'USD', amount: 5_000_000n, description: 'Deposit', creditedAt: new Date() })
  const envelope = { id: newId('Event'), type: 'FUNDS_CREDITED', source: 'ledger', platformId: ctx.platformId, environment: ctx.environment, occurredAt: new Date().toISOString(), data }
  return { envelope, transferId }
}

const rejections = async (reason: string): Promise<number> =>
  (await registry.getSingleMetric('events_rejected_total')?.get())?.values.find((v) => v.labels.source === 'ledger' && v.labels.reason === reason)?.value ?? 0

describe("the ledger's credits from outside", () => {
  it('are recorded once as INCOMING transactions, listed and announced', () =>
    withFundsCreditedConsumer('incoming', async () => {
      const accountId = fiatAccount(bob, 'USD').id
      await fund(h, ctx, accountId, 4_321n)
      await waitUntil(async () => (await incomingTo(accountId)).some((t) => t.receivedAmount.amount === 4_321), 'the funding as an INCOMING transaction', 20_000)
      const funded = (await incomingTo(accountId)).filter((t) => t.receivedAmount.amount === 4_321)
      expect(funded).toHaveLength(1)
      expect(funded[0]).toMatchObject({ status: 'COMPLETED', direction: 'CREDIT', destination: { accountId } })
      expect(funded[0]).not.toHaveProperty('source')
      expect(await eventTypesOf(h, funded[0]!.id)).toEqual(['INCOMING_PAYMENT.COMPLETED'])
    }))

  it("never come from a forger: an unsigned fact, or one signed with another key than the ledger's, is dropped and counted, and a genuine one still flows", () =>
    withFundsCreditedConsumer('forged', async (nats) => {
      const accountId = fiatAccount(bob, 'USD').id
      const before = { unsigned: await rejections('unsigned'), badSignature: await rejections('bad_signature'), balance: await available(accountId) }
      const unsigned = forgedFundsCredited(accountId)
      // a plain publish: the stream takes it as it would a JetStream one
      nats.publish('events.ledger.FUNDS_CREDITED', JSON.stringify(unsigned.envelope))
      // signed by the payments service's key, naming the ledger's key id
      const otherKey = forgedFundsCredited(accountId)
      const stolen = signedHeaders(developmentSigningKey('payments'), otherKey.envelope)
      stolen.set('Event-Key-Id', developmentSigningKey('ledger').keyId)
      nats.publish('events.ledger.FUNDS_CREDITED', JSON.stringify(otherKey.envelope), { headers: stolen })
      await nats.flush()
      await fund(h, ctx, accountId, 4_322n)
      // one consumer takes events in stream order: once the genuine one is in, the forgeries were dealt with
      await waitUntil(async () => (await incomingTo(accountId)).some((t) => t.receivedAmount.amount === 4_322), 'the genuine funding as an INCOMING transaction', 20_000)
      for (const { transferId } of [unsigned, otherKey]) {
        expect(await open(h.db).transaction.count({ where: { id: transactionIdOfTransfer(transferId) } })).toBe(0)
        expect(await eventTypesOf(h, transactionIdOfTransfer(transferId))).toEqual([])
      }
      expect((await incomingTo(accountId)).some((t) => t.receivedAmount.amount === 5_000_000)).toBe(false)
      expect(await available(accountId)).toBe(before.balance + 4_322n)
      expect(await rejections('unsigned')).toBe(before.unsigned + 1)
      expect(await rejections('bad_signature')).toBe(before.badSignature + 1)
    }))

  it('mints the transaction from the transfer, so a fact delivered again changes nothing', async () => {
    const transferId = `Transfer:${randomUUID()}`
    const accountId = fiatAccount(bob, 'USD').id
    const fact = { transferId, accountId, currency: 'USD', amount: 777n, description: 'Deposit', creditedAt: new Date() }
    const origin = { ...ctx, requestId: 'Request:redelivered' }
    await recordFundsCredited(h.deps, origin, fact)
    await recordFundsCredited(h.deps, origin, fact)
    const id = transactionIdOfTransfer(transferId)
    expect(id).toBe(`Transaction:${transferId.slice('Transfer:'.length)}`)
    const transaction = transactionOf(await callUnary(h.payments, h.payments.getTransaction, { transactionId: id }, ctx, SLOW_CALL_MS))
    expect(transaction).toMatchObject({ id, type: 'INCOMING', status: 'COMPLETED', receivedAmount: { amount: 777 }, description: 'Deposit' })
    expect(await eventTypesOf(h, id)).toEqual(['INCOMING_PAYMENT.COMPLETED'])
  })
})

describe('listing transactions', () => {
  it('filters, newest first, pages by cursor with a total count', async () => {
    const list = async (request: object) => pageOf(await callUnary(h.payments, h.payments.listTransactions, { limit: 0, ...request }, ctx, SLOW_CALL_MS))
    const all = await list({ senderAccountIdentifier: usd, status: 'COMPLETED' })
    expect(all.totalCount).toBeGreaterThanOrEqual(4)
    expect(all.data.every((t) => t.status === 'COMPLETED' && t.source?.accountId === usd)).toBe(true)
    const first = await list({ senderAccountIdentifier: usd, status: 'COMPLETED', limit: 2 })
    expect(first).toMatchObject({ hasMore: true, totalCount: all.totalCount })
    const second = await list({ senderAccountIdentifier: usd, status: 'COMPLETED', limit: 2, cursor: first.nextCursor })
    expect([...first.data, ...second.data].map((t) => t.id)).toEqual(all.data.slice(0, 4).map((t) => t.id))
    const times = all.data.map((t) => Date.parse(t.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const incoming = (await list({ type: 'INCOMING', customerId: bob.id })).data
    expect(incoming.length).toBeGreaterThan(0)
    expect(incoming.every((t) => t.type === 'INCOMING' && t.customerId === bob.id)).toBe(true)
    expect((await failure(list({ limit: 101 }))).code).toBe('INVALID_INPUT')
    expect((await failure(list({ cursor: 'nonsense' }))).code).toBe('INVALID_INPUT')
  })
})
