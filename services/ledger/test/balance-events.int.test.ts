import type { EventEnvelope } from '@pp/events'
import { callUnary } from '@pp/grpc'
import { SystemAccountKind, TransferCode } from '@pp/proto/ledger/v1/ledger'
import type { Caller } from '@pp/tenancy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InternalAccountView } from '../src/domain/internal-accounts/types.js'
import { openIssuedTokenAccounts } from '../src/domain/issued-tokens/open-accounts.js'
import {
  accountOf,
  activeCustomer,
  byId,
  failure,
  fund,
  funding,
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

/**
 * INTERNAL_ACCOUNT.BALANCE_UPDATED: one per internal account per committed ledger transaction,
 * whatever moved it, carrying the account exactly as GET shows it afterwards; nothing for a
 * transaction that rolls back, a replay, or a system account.
 */
let h: Harness
beforeAll(async () => {
  h = await startHarness('balance_events')
})
afterAll(() => h?.stop())

const BALANCE_UPDATED = 'INTERNAL_ACCOUNT.BALANCE_UPDATED'
const { TRANSFER_CODE_PAYMENT: PAYMENT } = TransferCode
const system = (kind: SystemAccountKind, currency = 'USD') => ({ system: { kind, currency } })
const settlement = system(SystemAccountKind.SYSTEM_ACCOUNT_KIND_SETTLEMENT)
const fees = system(SystemAccountKind.SYSTEM_ACCOUNT_KIND_FEES)

type AccountEvent = EventEnvelope<InternalAccountView>

/** The tenant's BALANCE_UPDATED events, in the order the relay publishes them. */
async function balanceEvents(ctx: Caller): Promise<AccountEvent[]> {
  const rows = await open(h.db).outboxEvent.findMany({ where: { subject: `events.ledger.${BALANCE_UPDATED}` }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.map((row) => row.payload as unknown as AccountEvent).filter((e) => e.platformId === ctx.platformId)
}

/** The events `act` adds, by account id. */
async function eventsOf(ctx: Caller, act: () => Promise<unknown>): Promise<Map<string, AccountEvent[]>> {
  const before = new Set((await balanceEvents(ctx)).map((e) => e.id))
  await act()
  const added = new Map<string, AccountEvent[]>()
  for (const event of await balanceEvents(ctx)) {
    if (!before.has(event.id)) added.set(event.data.id, [...(added.get(event.data.id) ?? []), event])
  }
  return added
}

const get = (ctx: Caller, accountId: string) => callUnary(h.accounts, h.accounts.getInternalAccount, { accountId }, ctx).then(shownAccount)

/** Exactly one event per account in `expected`, none for any other, each the account as GET shows it now with these balances. */
async function expectOneEachAsShown(ctx: Caller, added: Map<string, AccountEvent[]>, expected: Record<string, { balance: number; totalBalance: number }>) {
  expect([...added.keys()].sort()).toEqual(Object.keys(expected).sort())
  for (const [accountId, { balance, totalBalance }] of Object.entries(expected)) {
    const events = added.get(accountId)!
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: BALANCE_UPDATED, source: 'ledger', platformId: ctx.platformId, environment: ctx.environment, requestId: ctx.requestId })
    expect(events[0]!.data).toMatchObject({ balance: { amount: balance }, totalBalance: { amount: totalBalance } })
    expect(events[0]!.data).toEqual(await get(ctx, accountId))
  }
}

/** A tenant with two active customers' USD accounts, the first holding `funded`. */
async function twoAccounts(funded = 1_000n) {
  const ctx = newTenant()
  h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD'] })
  const [alice, bob] = [accountOf(await activeCustomer(h, ctx), 'USD'), accountOf(await activeCustomer(h, ctx), 'USD')]
  await fund(h, ctx, alice.id, funded)
  return { ctx, alice: alice.id, bob: bob.id }
}

const transfer = (ctx: Caller, legs: ReturnType<typeof leg>[], id = transferId()) =>
  callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs }, ctx)
const hold = (ctx: Caller, legs: ReturnType<typeof leg>[], id = transferId()) =>
  callUnary(h.ledger, h.ledger.createPendingTransfer, { transferId: id, code: PAYMENT, legs }, ctx)
const holdAndPost = (ctx: Caller, request: { transferId: string; postTransferId: string; legs: ReturnType<typeof leg>[] }) =>
  callUnary(h.ledger, h.ledger.createPendingTransfer, { code: PAYMENT, ...request }, ctx)

describe('INTERNAL_ACCOUNT.BALANCE_UPDATED', () => {
  it('a direct transfer: one per account, with the balances after it, as GET and the list show them', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const before = await get(ctx, alice)
    const added = await eventsOf(ctx, () => transfer(ctx, [leg(byId(alice), byId(bob), 300n)]))
    await expectOneEachAsShown(ctx, added, { [alice]: { balance: 700, totalBalance: 700 }, [bob]: { balance: 300, totalBalance: 300 } })
    // a movement is a change of the account: its updatedAt moves with it, in every read
    const after = added.get(alice)![0]!.data
    expect(after.updatedAt > before.updatedAt).toBe(true)
    const listed = shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId: after.customerId!, limit: 100 }, ctx))
    expect(listed.data.find((a) => a.id === alice)).toEqual(after)
  })

  it('a hold, its post and a voided hold: one each for the debited account, available then total', async () => {
    const { ctx, alice } = await twoAccounts()
    const held = transferId()
    const onHold = await eventsOf(ctx, () => hold(ctx, [leg(byId(alice), settlement, 400n)], held))
    await expectOneEachAsShown(ctx, onHold, { [alice]: { balance: 600, totalBalance: 1_000 } })
    const onPost = await eventsOf(ctx, () => callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: transferId(), pendingId: held }, ctx))
    await expectOneEachAsShown(ctx, onPost, { [alice]: { balance: 600, totalBalance: 600 } })

    const voided = transferId()
    const onSecondHold = await eventsOf(ctx, () => hold(ctx, [leg(byId(alice), settlement, 100n)], voided))
    await expectOneEachAsShown(ctx, onSecondHold, { [alice]: { balance: 500, totalBalance: 600 } })
    const onVoid = await eventsOf(ctx, () => callUnary(h.ledger, h.ledger.voidPendingTransfer, { transferId: transferId(), pendingId: voided }, ctx))
    await expectOneEachAsShown(ctx, onVoid, { [alice]: { balance: 600, totalBalance: 600 } })
  })

  it('a hold between internal accounts: the receiver sees it pending in its totalBalance', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const added = await eventsOf(ctx, () => hold(ctx, [leg(byId(alice), byId(bob), 250n)]))
    await expectOneEachAsShown(ctx, added, { [alice]: { balance: 750, totalBalance: 1_000 }, [bob]: { balance: 0, totalBalance: 250 } })
  })

  it('a hold posted at once: one per account, not one per transfer, and once however many retries race', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const request = { transferId: transferId(), postTransferId: transferId(), legs: [leg(byId(alice), byId(bob), 400n), leg(byId(alice), settlement, 100n)] }
    const added = await eventsOf(ctx, () => Promise.all([1, 2, 3, 4].map(() => holdAndPost(ctx, request))))
    await expectOneEachAsShown(ctx, added, { [alice]: { balance: 500, totalBalance: 500 }, [bob]: { balance: 400, totalBalance: 400 } })
    expect((await eventsOf(ctx, () => holdAndPost(ctx, request))).size).toBe(0)
  })

  it('none for a refused movement or a replay of a committed transfer id', async () => {
    const { ctx, alice, bob } = await twoAccounts(100n)
    const refused = await eventsOf(ctx, async () => {
      expect((await failure(transfer(ctx, [leg(byId(alice), byId(bob), 101n)]))).code).toBe('INSUFFICIENT_FUNDS')
      expect((await failure(hold(ctx, [leg(byId(alice), byId(bob), 101n)]))).code).toBe('INSUFFICIENT_FUNDS')
      const overdraft = { transferId: transferId(), postTransferId: transferId(), legs: [leg(byId(alice), byId(bob), 60n), leg(byId(alice), settlement, 41n)] }
      expect((await failure(holdAndPost(ctx, overdraft))).code).toBe('INSUFFICIENT_FUNDS')
    })
    expect(refused.size).toBe(0)

    const id = transferId()
    await transfer(ctx, [leg(byId(alice), byId(bob), 40n)], id)
    const replayed = await eventsOf(ctx, () => Promise.all([1, 2].map(() => transfer(ctx, [leg(byId(alice), byId(bob), 40n)], id))))
    expect(replayed.size).toBe(0)
  })

  it('none for system accounts or a token holding account: a movement with one internal account raises one', async () => {
    const { ctx, alice } = await twoAccounts(200n)
    // three system accounts: the first one's statement carries the event, the others' none
    const legs = [leg(funding('USD'), byId(alice), 500n), leg(byId(alice), settlement, 100n), leg(byId(alice), fees, 10n)]
    await expectOneEachAsShown(ctx, await eventsOf(ctx, () => transfer(ctx, legs)), { [alice]: { balance: 590, totalBalance: 590 } })

    const token = await openIssuedTokenAccounts(h.deps, tenantOf(ctx), `Stablecoin:events-${ctx.platformId}`, 'USDX')
    const mint = { transferId: transferId(), postTransferId: transferId(), legs: [leg(byId(alice), funding('USD'), 90n), leg(byId(token.issuanceAccountId), byId(token.holdingAccountId), 90n, 'USDX')] }
    await expectOneEachAsShown(ctx, await eventsOf(ctx, () => holdAndPost(ctx, mint)), { [alice]: { balance: 500, totalBalance: 500 } })
  })

  it("keeps one updatedAt rule, the later of the row's change and the balance's: a status event shows it as GET does", async () => {
    const { ctx, alice } = await twoAccounts()
    const moved = (await eventsOf(ctx, () => transfer(ctx, [leg(byId(alice), settlement, 1n)]))).get(alice)![0]!.data
    // the status change is stamped by a clock a minute behind the database's: the movement stays the later change
    const now = h.deps.now
    h.deps.now = () => new Date(Date.parse(moved.updatedAt) - 60_000)
    try {
      const frozen = shownAccount(await callUnary(h.accounts, h.accounts.updateInternalAccountStatus, { accountId: alice, status: 'FROZEN' }, ctx))
      expect(frozen).toMatchObject({ status: 'FROZEN', updatedAt: moved.updatedAt })
      expect(frozen).toEqual(await get(ctx, alice))
    } finally {
      h.deps.now = now
    }
  })
})
