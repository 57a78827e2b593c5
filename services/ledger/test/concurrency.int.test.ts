import { callUnary } from '@pp/grpc'
import { TransferCode } from '@pp/proto/ledger/v1/ledger'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accountOf, activeCustomer, balancesOf, byId, fund, leg, newTenant, startHarness, tenantOf, transferId, type Harness } from './harness.js'
import { ledgerViolations } from './invariants.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('concurrency')
})
afterAll(() => h?.stop())

const PAYMENT = TransferCode.TRANSFER_CODE_PAYMENT

/** Which calls succeeded; every failure must be an INSUFFICIENT_FUNDS answer, nothing else. */
function outcomes(results: PromiseSettledResult<unknown>[]): number {
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code)
  expect(new Set(failures)).toEqual(new Set(failures.length > 0 ? ['INSUFFICIENT_FUNDS'] : []))
  return results.length - failures.length
}

/**
 * Sends a call as a client written to the spec does: a 503 (a burst this large can queue longer
 * for a connection than a transaction may wait) is sent again, the same transfer id and all, so
 * a retried transfer must move its money once.
 */
async function sendRetryingUnavailable<T>(send: () => Promise<T>, attemptsLeft = 5): Promise<T> {
  try {
    return await send()
  } catch (err) {
    if ((err as { code?: string }).code !== 'SERVICE_UNAVAILABLE' || attemptsLeft === 1) throw err
    return sendRetryingUnavailable(send, attemptsLeft - 1)
  }
}

/** A tenant whose platform supports USD alone: one account per customer is all these tests need. */
function usdTenant() {
  const ctx = newTenant()
  h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD'] })
  return ctx
}

it('250 concurrent debits racing on one account never overdraw it', async () => {
  const ctx = usdTenant()
  const source = accountOf(await activeCustomer(h, ctx), 'USD').id
  const sinks = [accountOf(await activeCustomer(h, ctx), 'USD').id, accountOf(await activeCustomer(h, ctx), 'USD').id]
  await fund(h, ctx, source, 120n)
  const calls = Array.from({ length: 250 }, (_, i) => {
    const request = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(source), byId(sinks[i % 2]!), 1n)] }
    // a third of them are holds, which count against the balance just the same
    return sendRetryingUnavailable(() =>
      i % 3 === 0
        ? callUnary(h.ledger, h.ledger.createPendingTransfer, request, ctx, 30_000)
        : callUnary(h.ledger, h.ledger.createTransfer, request, ctx, 30_000),
    )
  })
  expect(outcomes(await Promise.allSettled(calls))).toBe(120)
  const [sourceBalance, ...sinkBalances] = await balancesOf(h, ctx, [source, ...sinks])
  expect(sourceBalance!.available).toBe(0n)
  expect(sinkBalances.reduce((sum, b) => sum + b.total, 0n)).toBe(120n)
  expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
})

it('120 concurrent transfers in both directions between three accounts neither deadlock nor change the total', async () => {
  const ctx = usdTenant()
  const ids = [
    accountOf(await activeCustomer(h, ctx), 'USD').id,
    accountOf(await activeCustomer(h, ctx), 'USD').id,
    accountOf(await activeCustomer(h, ctx), 'USD').id,
  ]
  for (const id of ids) await fund(h, ctx, id, 50n)
  const [a, b, c] = ids as [string, string, string]
  const paths = [[a, b], [b, a], [b, c], [c, b], [c, a], [a, c]] as const
  const calls = Array.from({ length: 120 }, (_, i) => {
    const [from, to] = paths[i % paths.length]!
    const third = ids.find((id) => id !== from && id !== to)!
    // every fourth call debits two accounts at once, locking them in the one fixed order
    const legs = i % 4 === 0 ? [leg(byId(from), byId(to), 2n), leg(byId(to), byId(third), 1n)] : [leg(byId(from), byId(to), BigInt(1 + (i % 5)))]
    const request = { transferId: transferId(), code: PAYMENT, legs }
    return sendRetryingUnavailable(() => callUnary(h.ledger, h.ledger.createTransfer, request, ctx, 30_000))
  })
  const succeeded = outcomes(await Promise.allSettled(calls))
  expect(succeeded).toBeGreaterThan(0)
  const balances = await balancesOf(h, ctx, ids)
  for (const balance of balances) expect(balance.available).toBeGreaterThanOrEqual(0n)
  expect(balances.reduce((sum, b) => sum + b.total, 0n)).toBe(150n)
  expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
})
