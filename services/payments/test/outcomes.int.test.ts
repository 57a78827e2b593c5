import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuoteView } from '../src/domain/quotes/view.js'
import {
  balances,
  eurExternalAccount,
  eventTypesOf,
  FEES,
  fiatAccount,
  fund,
  FX,
  newCustomer,
  newPlatform,
  quoteOf,
  SETTLEMENT,
  SLOW_CALL_MS,
  startHarness,
  transactionOf,
  type Harness,
} from './harness.js'

/**
 * Every row of the spec's sandbox tables through the real gRPC service and the real ledger:
 * final status, failure reason, refund, balances before and after, and the events recorded.
 */
let h: Harness
let ctx: Caller
let usd: string
let eur: string
let customerId: string
const START = 10_000_000n

beforeAll(async () => {
  h = await startHarness()
  h.startWorkers()
  ctx = await newPlatform(h)
  const customer = await newCustomer(h, ctx)
  customerId = customer.id
  usd = fiatAccount(customer, 'USD').id
  eur = fiatAccount(customer, 'EUR').id
  await fund(h, ctx, usd, START)
  await fund(h, ctx, eur, START)
}, 180_000)

afterAll(async () => {
  await h?.stop()
})

const available = async (accountId: string): Promise<bigint> => (await balances(h, ctx, [{ accountId }]))[0]!.available

async function payout(sourceAccountId: string, suffix: string, amount: bigint): Promise<QuoteView> {
  const destination = await eurExternalAccount(h, ctx, customerId, suffix)
  const answer = await callUnary(
    h.payments,
    h.payments.createQuote,
    {
      source: { sourceType: 'ACCOUNT', accountId: sourceAccountId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
      description: `suffix ${suffix}`,
    },
    ctx,
    SLOW_CALL_MS,
  )
  return quoteOf(answer)
}

const transactionFor = async (quote: QuoteView) =>
  transactionOf(await callUnary(h.payments, h.payments.getTransaction, { transactionId: quote.transactionId }, ctx, SLOW_CALL_MS))

const finalStatus = async (quote: QuoteView, status: string) => {
  await waitUntil(async () => (await transactionFor(quote)).status === status, `transaction ${quote.transactionId} to be ${status}`, 20_000, 25)
  return transactionFor(quote)
}

describe('same-currency transfers by the external account suffix', () => {
  it('others: completes at once; the money leaves through settlement', async () => {
    const before = await available(eur)
    const [settlementBefore] = await balances(h, ctx, [SETTLEMENT('EUR')])
    const quote = await payout(eur, '000', 12_550n)
    const transaction = await transactionFor(quote)
    expect(transaction).toMatchObject({ status: 'COMPLETED', type: 'OUTGOING', direction: 'DEBIT', customerId, quoteId: quote.id })
    expect(transaction.sentAmount.amount).toBe(12_550)
    expect(transaction.receivedAmount.amount).toBe(12_550)
    // settled, and shown as an ISO time
    expect(new Date(transaction.settledAt!).toISOString()).toBe(transaction.settledAt)
    expect(quote.status).toBe('COMPLETED')
    expect(await available(eur)).toBe(before - 12_550n)
    const [settlementAfter] = await balances(h, ctx, [SETTLEMENT('EUR')])
    expect(settlementAfter!.total - settlementBefore!.total).toBe(12_550n)
    expect(await eventTypesOf(h, transaction.id)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'])
  })

  it.each([
    ['002', 'QUOTE_EXECUTION_FAILED'],
    ['003', 'ACCOUNT_INVALID'],
    ['004', 'ACCOUNT_CANNOT_RECEIVE'],
  ])('%s: fails at once (%s); the hold is released', async (suffix, reason) => {
    const before = await available(eur)
    const quote = await payout(eur, suffix, 1_000n)
    const transaction = await transactionFor(quote)
    expect([transaction.status, transaction.failureReason, quote.status]).toEqual(['FAILED', reason, 'FAILED'])
    expect(await available(eur)).toBe(before)
    expect(await eventTypesOf(h, transaction.id)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.FAILED'])
  })

  it('005: stays pending with the funds held, then fails and releases them', async () => {
    const before = await available(eur)
    const quote = await payout(eur, '005', 2_000n)
    expect((await transactionFor(quote)).status).toBe('PROCESSING')
    expect(await available(eur)).toBe(before - 2_000n)
    const transaction = await finalStatus(quote, 'FAILED')
    expect(transaction.failureReason).toBe('ACCOUNT_CANNOT_RECEIVE')
    expect(await available(eur)).toBe(before)
    expect(await eventTypesOf(h, transaction.id)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.FAILED'])
  })
})

describe('cross-currency payouts (USD to an external EUR account) by suffix', () => {
  it('others: completes; USD enters FX, EUR leaves FX to settlement', async () => {
    const before = await available(usd)
    const [fxUsd, fxEur, settlementEur] = await balances(h, ctx, [FX('USD'), FX('EUR'), SETTLEMENT('EUR')])
    const quote = await payout(usd, '010', 10_000n)
    // the stored decimal rate, as the JSON number nearest to it
    expect(quote.exchangeRate).toBe(Number('0.925925925925925926'))
    expect(quote.totalReceivingAmount).toBe(9_259)
    const transaction = await transactionFor(quote)
    expect(transaction.status).toBe('COMPLETED')
    expect(await available(usd)).toBe(before - 10_000n)
    const [fxUsdAfter, fxEurAfter, settlementEurAfter] = await balances(h, ctx, [FX('USD'), FX('EUR'), SETTLEMENT('EUR')])
    expect(fxUsdAfter!.total - fxUsd!.total).toBe(10_000n)
    expect(fxEurAfter!.total - fxEur!.total).toBe(-9_259n)
    expect(settlementEurAfter!.total - settlementEur!.total).toBe(9_259n)
  })

  it('002: execution fails; nothing leaves the account', async () => {
    const before = await available(usd)
    const transaction = await transactionFor(await payout(usd, '002', 1_000n))
    expect([transaction.status, transaction.failureReason]).toEqual(['FAILED', 'QUOTE_EXECUTION_FAILED'])
    expect(await available(usd)).toBe(before)
  })

  it('003: completes after the slow-settlement delay', async () => {
    const before = await available(usd)
    const quote = await payout(usd, '003', 1_000n)
    expect((await transactionFor(quote)).status).toBe('PROCESSING')
    await finalStatus(quote, 'COMPLETED')
    expect(await available(usd)).toBe(before - 1_000n)
    expect(await eventTypesOf(h, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'])
  })

  it('004: counterparty delivery fails; the sender is refunded once', async () => {
    const before = await available(usd)
    const transaction = await transactionFor(await payout(usd, '004', 1_000n))
    expect([transaction.status, transaction.failureReason]).toEqual(['FAILED', 'COUNTERPARTY_POST_TX_FAILED'])
    expect(transaction.refund).toMatchObject({ status: 'COMPLETED', reason: 'TRANSACTION_FAILED', reference: `${transaction.id}:refund` })
    expect(await available(usd)).toBe(before)
    expect(await eventTypesOf(h, transaction.id)).toEqual([
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ])
  })

  it('005: completes, then the receiving bank returns it; refunded exactly once', async () => {
    const before = await available(usd)
    const quote = await payout(usd, '005', 1_000n)
    expect((await transactionFor(quote)).status).toBe('COMPLETED')
    expect(await available(usd)).toBe(before - 1_000n)
    const transaction = await finalStatus(quote, 'FAILED')
    expect(transaction.failureReason).toBe('PAYOUT_RETURNED')
    expect(transaction.refund).toMatchObject({ status: 'COMPLETED', reason: 'TRANSACTION_FAILED' })
    expect(await available(usd)).toBe(before)
    expect(await eventTypesOf(h, transaction.id)).toEqual([
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.COMPLETED',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ])
  })

  it('006: the user cancels; refunded with that reason', async () => {
    const before = await available(usd)
    const transaction = await transactionFor(await payout(usd, '006', 1_000n))
    expect(transaction.status).toBe('FAILED')
    expect(transaction.refund).toMatchObject({ status: 'COMPLETED', reason: 'USER_CANCELLATION' })
    expect(await available(usd)).toBe(before)
  })

  it('007: payout and refund both fail; the money stays out', async () => {
    const before = await available(usd)
    const transaction = await transactionFor(await payout(usd, '007', 1_000n))
    expect([transaction.status, transaction.failureReason]).toEqual(['FAILED', 'COUNTERPARTY_POST_TX_FAILED'])
    expect(transaction.refund).toMatchObject({ status: 'FAILED' })
    expect(await available(usd)).toBe(before - 1_000n)
  })

  it('the ledger stays balanced: every currency sums to zero over the accounts involved', async () => {
    for (const currency of ['USD', 'EUR']) {
      const refs = [{ accountId: currency === 'USD' ? usd : eur }, SETTLEMENT(currency), FX(currency), FEES(currency), { system: { kind: 1, currency } }]
      const found = await balances(h, ctx, refs)
      expect(found.reduce((sum, b) => sum + b.total, 0n)).toBe(0n)
    }
  })
})
