import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  type PaymentsWorld,
} from './payments-support.js'

/**
 * Delayed sandbox outcomes are durable jobs, not timers: the payments process is killed while
 * suffix-005 transfers wait to fail and suffix-003 payouts wait to settle, and once it is back every
 * one reaches its final state exactly once, with the ledger balanced.
 */
const PENDING_MS = 6_000
const EACH = 3
let world: PaymentsWorld

beforeAll(async () => {
  world = await startPaymentsWorld('payments-restart', {
    env: { SANDBOX_PENDING_FAILURE_DELAY: String(PENDING_MS), SANDBOX_SLOW_SETTLEMENT_DELAY: String(PENDING_MS) },
  })
}, 180_000)

afterAll(async () => {
  await world?.stop()
})

describe('a payments crash while outcomes are pending', () => {
  it('finishes every pending transaction exactly once after a restart', async () => {
    const payer = await createCustomer(world)
    await fund(world, payer.accounts.EUR!, 100_000)
    await fund(world, payer.accounts.USD!, 100_000)
    const [eurBefore, usdBefore] = [await balanceOf(world, payer, 'EUR'), await balanceOf(world, payer, 'USD')]
    const failing = await euroExternalAccount(world, payer.id, '005')
    const slow = await euroExternalAccount(world, payer.id, '003')

    const transfers = await Promise.all(Array.from({ length: EACH }, () => sendNow(world, payer.accounts.EUR!, failing, 1_000)))
    const payouts = await Promise.all(Array.from({ length: EACH }, () => sendNow(world, payer.accounts.USD!, slow, 1_000)))
    for (const quote of [...transfers, ...payouts]) expect(quote.status).toBe('PROCESSING')
    const inFlight = await world.api('GET', `/transactions?customerId=${encodeURIComponent(payer.id)}&status=PROCESSING`)
    expect(inFlight.body.totalCount).toBe(2 * EACH)

    await world.mesh.restart('payments', 'SIGKILL')

    for (const quote of transfers) expect(await finalTransaction(world, quote.transactionId, { timeoutMs: 60_000 })).toMatchObject({ status: 'FAILED' })
    for (const quote of payouts) expect(await finalTransaction(world, quote.transactionId, { timeoutMs: 60_000 })).toMatchObject({ status: 'COMPLETED' })
    for (const quote of transfers) await expectOneWebhook(world, quote.transactionId, 'FAILED')
    for (const quote of payouts) await expectOneWebhook(world, quote.transactionId, 'COMPLETED')

    // failed transfers released their holds; settled payouts took exactly their totals, once
    expect(await balanceOf(world, payer, 'EUR')).toEqual(eurBefore)
    const paid = payouts.reduce((sum, quote) => sum + quote.totalSendingAmount, 0)
    expect(await balanceOf(world, payer, 'USD')).toEqual({ available: usdBefore.available - paid, total: usdBefore.total - paid })

    const books = await ledgerBooks(world)
    expectBalancedAndSettled(books)
    const stepsOf = (transactionId: string) => books.transferIds.filter((id) => id.startsWith(`${transactionId}:`)).sort()
    for (const quote of transfers) expect(stepsOf(quote.transactionId)).toEqual([`${quote.transactionId}:hold`, `${quote.transactionId}:void`])
    for (const quote of payouts) expect(stepsOf(quote.transactionId)).toEqual([`${quote.transactionId}:hold`, `${quote.transactionId}:post`])
  }, 120_000)
})
