import { callUnary } from '@pp/grpc'
import { SystemAccountKind, TransferCode, TransferKind } from '@pp/proto/ledger/v1/ledger'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accountOf,
  activeCustomer,
  balancesOf,
  byId,
  failure,
  fund,
  funding,
  leg,
  newTenant,
  startHarness,
  tenantOf,
  transferId,
  type Harness,
} from './harness.js'
import { ledgerViolations } from './invariants.js'
import { open } from '../src/db/client.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('transfers')
})
afterAll(() => h?.stop())

const { TRANSFER_CODE_PAYMENT: PAYMENT } = TransferCode
const settlement = (currency: string) => ({ system: { kind: SystemAccountKind.SYSTEM_ACCOUNT_KIND_SETTLEMENT, currency } })

/** A tenant with two active customers' USD accounts, the first holding `funded`. */
async function twoAccounts(funded = 1_000n) {
  const ctx = newTenant()
  h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD'] })
  const [alice, bob] = [accountOf(await activeCustomer(h, ctx), 'USD'), accountOf(await activeCustomer(h, ctx), 'USD')]
  if (funded > 0n) await fund(h, ctx, alice.id, funded)
  return { ctx, alice: alice.id, bob: bob.id }
}

describe('direct transfers', () => {
  it('move money at once and balance per currency', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const { transfer } = await callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 300n)] }, ctx)
    expect(transfer).toMatchObject({ kind: TransferKind.TRANSFER_KIND_DIRECT, legs: [{ debitAccountId: alice, creditAccountId: bob, currency: 'USD', amount: 300n }] })
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 700n, total: 700n },
      { available: 300n, total: 300n },
    ])
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('apply several legs together or not at all', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const legs = [leg(byId(alice), byId(bob), 600n), leg(byId(alice), settlement('USD'), 500n)]
    const error = await failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: PAYMENT, legs }, ctx))
    expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { accountId: alice, amountNeeded: '1100' } })
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 1_000n, total: 1_000n },
      { available: 0n, total: 0n },
    ])
    legs[1]!.amount = 400n
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: PAYMENT, legs }, ctx)
    expect(await balancesOf(h, ctx, [alice])).toEqual([{ available: 0n, total: 0n }])
  })

  it('refuse an overdraft and change nothing', async () => {
    const { ctx, alice, bob } = await twoAccounts(100n)
    const id = transferId()
    const error = await failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs: [leg(byId(alice), byId(bob), 101n)] }, ctx))
    expect(error.code).toBe('INSUFFICIENT_FUNDS')
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 100n, total: 100n },
      { available: 0n, total: 0n },
    ])
    // nothing was stored under the id, so it can carry a transfer that fits
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs: [leg(byId(alice), byId(bob), 100n)] }, ctx)
  })

  it('let system accounts go negative', async () => {
    const { ctx, alice } = await twoAccounts(250n)
    const [fundingBalance] = (await callUnary(h.ledger, h.ledger.getBalances, { accounts: [funding('USD')] }, ctx)).balances
    expect(fundingBalance).toMatchObject({ available: -250n, total: -250n, debitsPosted: 250n })
    expect(await balancesOf(h, ctx, [alice])).toEqual([{ available: 250n, total: 250n }])
  })

  it('refuse bad input with its field, unknown accounts and other currencies', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const create = (request: object) => failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: PAYMENT, legs: [], ...request }, ctx))
    expect(await create({ transferId: '' })).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'transferId' }] } })
    expect(await create({ code: TransferCode.TRANSFER_CODE_UNSPECIFIED, legs: [leg(byId(alice), byId(bob), 1n)] })).toMatchObject({
      details: { errors: [{ field: 'code' }] },
    })
    expect(await create({ legs: [] })).toMatchObject({ details: { errors: [{ field: 'legs' }] } })
    expect(await create({ legs: [leg(byId(alice), byId(alice), 1n)] })).toMatchObject({ details: { errors: [{ field: 'legs.0.credit' }] } })
    expect(await create({ legs: [leg(byId(alice), byId(bob), 0n)] })).toMatchObject({ code: 'INVALID_AMOUNT' })
    expect(await create({ legs: [leg(byId(alice), byId(bob), 1n, 'XYZ')] })).toMatchObject({ details: { errors: [{ field: 'legs.0.currency' }] } })
    expect(await create({ legs: [leg(byId(alice), byId(bob), 1n, 'EUR')] })).toMatchObject({ code: 'INVALID_CURRENCY', details: { accountId: alice } })
    expect(await create({ legs: [leg(byId(alice), byId('InternalAccount:missing'), 1n)] })).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
    // another tenant's account does not exist
    const other = newTenant()
    expect(await failure(callUnary(h.ledger, h.ledger.createTransfer, { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), funding('USD'), 1n)] }, other))).toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    })
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 1_000n, total: 1_000n },
      { available: 0n, total: 0n },
    ])
  })
})

describe('transfer ids are idempotency keys', () => {
  it('answer a retry with the first result and move money once', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const request = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 200n)] }
    const first = await callUnary(h.ledger, h.ledger.createTransfer, request, ctx)
    const retries = await Promise.all([1, 2, 3].map(() => callUnary(h.ledger, h.ledger.createTransfer, request, ctx)))
    for (const retry of retries) expect(retry).toEqual(first)
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 800n, total: 800n },
      { available: 200n, total: 200n },
    ])
  })

  it('refuse the same id with other content, and the id of a hold for a direct transfer', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const id = transferId()
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs: [leg(byId(alice), byId(bob), 200n)] }, ctx)
    const changed = { transferId: id, code: PAYMENT, legs: [leg(byId(alice), byId(bob), 201n)] }
    expect(await failure(callUnary(h.ledger, h.ledger.createTransfer, changed, ctx))).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: { transferId: id } })
    const asHold = { transferId: id, code: PAYMENT, legs: [leg(byId(alice), byId(bob), 200n)] }
    expect((await failure(callUnary(h.ledger, h.ledger.createPendingTransfer, asHold, ctx))).code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await balancesOf(h, ctx, [alice])).toEqual([{ available: 800n, total: 800n }])
  })

  it('keep ids per tenant', async () => {
    const first = await twoAccounts()
    const second = await twoAccounts()
    const id = transferId()
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs: [leg(byId(first.alice), byId(first.bob), 1n)] }, first.ctx)
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs: [leg(byId(second.alice), byId(second.bob), 2n)] }, second.ctx)
    expect(await balancesOf(h, second.ctx, [second.bob])).toEqual([{ available: 2n, total: 2n }])
  })
})

describe('two-phase transfers', () => {
  it('hold funds: balance drops at once, totalBalance only when posted; the receiver sees it pending', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const hold = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 400n)] }
    const { transfer } = await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    expect(transfer?.kind).toBe(TransferKind.TRANSFER_KIND_PENDING)
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 600n, total: 1_000n },
      { available: 0n, total: 400n },
    ])
    const post = { transferId: transferId(), pendingId: hold.transferId }
    const posted = await callUnary(h.ledger, h.ledger.postPendingTransfer, post, ctx)
    expect(posted.transfer).toMatchObject({ kind: TransferKind.TRANSFER_KIND_POST_PENDING, pendingId: hold.transferId, legs: [{ amount: 400n }] })
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 600n, total: 600n },
      { available: 400n, total: 400n },
    ])
    expect(await callUnary(h.ledger, h.ledger.postPendingTransfer, post, ctx)).toEqual(posted)
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('post part of a hold and release the rest', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const hold = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 400n)] }
    await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    const tooMuch = { transferId: transferId(), pendingId: hold.transferId, amount: 401n }
    expect((await failure(callUnary(h.ledger, h.ledger.postPendingTransfer, tooMuch, ctx))).code).toBe('INVALID_AMOUNT')
    await callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: transferId(), pendingId: hold.transferId, amount: 150n }, ctx)
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 850n, total: 850n },
      { available: 150n, total: 150n },
    ])
  })

  it('void a hold: everything returns', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const hold = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 400n)] }
    await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    const voided = await callUnary(h.ledger, h.ledger.voidPendingTransfer, { transferId: transferId(), pendingId: hold.transferId }, ctx)
    expect(voided.transfer).toMatchObject({ kind: TransferKind.TRANSFER_KIND_VOID_PENDING, legs: [{ amount: 400n }] })
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 1_000n, total: 1_000n },
      { available: 0n, total: 0n },
    ])
  })

  it('answer racing resolutions with the same id as retries: one post, every caller gets it', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const hold = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 400n)] }
    await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    const post = { transferId: transferId(), pendingId: hold.transferId }
    const answers = await Promise.all([1, 2, 3, 4].map(() => callUnary(h.ledger, h.ledger.postPendingTransfer, post, ctx)))
    for (const answer of answers) expect(answer).toEqual(answers[0])
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 600n, total: 600n },
      { available: 400n, total: 400n },
    ])
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('resolve a hold once: a second post or void is refused and changes nothing', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const hold = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 400n)] }
    await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    const attempts = await Promise.allSettled([
      callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: transferId(), pendingId: hold.transferId }, ctx),
      callUnary(h.ledger, h.ledger.voidPendingTransfer, { transferId: transferId(), pendingId: hold.transferId }, ctx),
      callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: transferId(), pendingId: hold.transferId }, ctx),
    ])
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1)
    for (const attempt of attempts.filter((a) => a.status === 'rejected')) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', details: { pendingId: hold.transferId } })
    }
    const [alicesBalance] = await balancesOf(h, ctx, [alice])
    expect([600n, 1_000n]).toContain(alicesBalance!.available)
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('refuse to resolve an unknown hold or a transfer that is not a hold', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const direct = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 1n)] }
    await callUnary(h.ledger, h.ledger.createTransfer, direct, ctx)
    expect((await failure(callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: transferId(), pendingId: 'Transfer:none' }, ctx))).code).toBe('NOT_FOUND')
    expect(await failure(callUnary(h.ledger, h.ledger.voidPendingTransfer, { transferId: transferId(), pendingId: direct.transferId }, ctx))).toMatchObject({
      code: 'CONFLICT',
      details: { kind: 'DIRECT' },
    })
  })

  it('count holds against what can be spent', async () => {
    const { ctx, alice, bob } = await twoAccounts(500n)
    await callUnary(h.ledger, h.ledger.createPendingTransfer, { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 400n)] }, ctx)
    const spend = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(alice), byId(bob), 101n)] }
    expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, spend, ctx))).code).toBe('INSUFFICIENT_FUNDS')
    expect((await failure(callUnary(h.ledger, h.ledger.createPendingTransfer, spend, ctx))).code).toBe('INSUFFICIENT_FUNDS')
    // pending credits cannot be spent either
    const fromBob = { transferId: transferId(), code: PAYMENT, legs: [leg(byId(bob), byId(alice), 1n)] }
    expect((await failure(callUnary(h.ledger, h.ledger.createTransfer, fromBob, ctx))).code).toBe('INSUFFICIENT_FUNDS')
  })
})

describe('a hold posted at once (postTransferId)', () => {
  const holdAndPost = (ctx: ReturnType<typeof newTenant>, request: { transferId: string; postTransferId: string; legs: ReturnType<typeof leg>[] }) =>
    callUnary(h.ledger, h.ledger.createPendingTransfer, { code: PAYMENT, ...request }, ctx)

  it('moves the money in one call, recorded as a hold and its post', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const request = { transferId: transferId(), postTransferId: transferId(), legs: [leg(byId(alice), byId(bob), 400n), leg(byId(alice), settlement('USD'), 100n)] }
    const { transfer } = await holdAndPost(ctx, request)
    expect(transfer).toMatchObject({ id: request.postTransferId, kind: TransferKind.TRANSFER_KIND_POST_PENDING, pendingId: request.transferId })
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 500n, total: 500n },
      { available: 400n, total: 400n },
    ])
    // the post replays under its id, and the hold is resolved already
    expect(await callUnary(h.ledger, h.ledger.postPendingTransfer, { transferId: request.postTransferId, pendingId: request.transferId }, ctx)).toEqual({ transfer })
    expect(await failure(callUnary(h.ledger, h.ledger.voidPendingTransfer, { transferId: transferId(), pendingId: request.transferId }, ctx))).toMatchObject({
      code: 'CONFLICT',
      details: { resolution: 'POSTED' },
    })
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('answers retries, racing ones included, with the first post and moves money once', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const request = { transferId: transferId(), postTransferId: transferId(), legs: [leg(byId(alice), byId(bob), 300n)] }
    const answers = await Promise.all([1, 2, 3, 4].map(() => holdAndPost(ctx, request)))
    for (const answer of answers) expect(answer).toEqual(answers[0])
    expect(await holdAndPost(ctx, request)).toEqual(answers[0])
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 700n, total: 700n },
      { available: 300n, total: 300n },
    ])
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('posts a hold that was recorded on its own before (a call interrupted between the two steps)', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const legs = [leg(byId(alice), byId(bob), 250n)]
    const hold = { transferId: transferId(), code: PAYMENT, legs }
    await callUnary(h.ledger, h.ledger.createPendingTransfer, hold, ctx)
    const { transfer } = await holdAndPost(ctx, { transferId: hold.transferId, postTransferId: transferId(), legs })
    expect(transfer?.kind).toBe(TransferKind.TRANSFER_KIND_POST_PENDING)
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 750n, total: 750n },
      { available: 250n, total: 250n },
    ])
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })

  it('refuses an overdraft or another content under the hold id and changes nothing', async () => {
    const { ctx, alice, bob } = await twoAccounts(100n)
    const request = { transferId: transferId(), postTransferId: transferId(), legs: [leg(byId(alice), byId(bob), 101n)] }
    expect(await failure(holdAndPost(ctx, request))).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { accountId: alice } })
    await holdAndPost(ctx, { ...request, legs: [leg(byId(alice), byId(bob), 60n)] })
    expect((await failure(holdAndPost(ctx, { ...request, legs: [leg(byId(alice), byId(bob), 40n)] }))).code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 40n, total: 40n },
      { available: 60n, total: 60n },
    ])
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })
})

describe('immutability', () => {
  it('refuses to change, delete or truncate a recorded transfer or its entries, and the books stay as they were', async () => {
    const { ctx, alice, bob } = await twoAccounts()
    const id = transferId()
    await callUnary(h.ledger, h.ledger.createTransfer, { transferId: id, code: PAYMENT, legs: [leg(byId(alice), byId(bob), 300n)] }, ctx)
    const tampering = [
      `UPDATE ledger_entries SET amount = amount * 2 WHERE transfer_id = '${id}'`,
      `DELETE FROM ledger_entries WHERE transfer_id = '${id}'`,
      `UPDATE ledger_transfers SET code = 'FUNDING' WHERE id = '${id}'`,
      'TRUNCATE ledger_entries',
      'TRUNCATE ledger_transfers CASCADE',
    ]
    for (const statement of tampering) {
      await expect(open(h.db).$executeRawUnsafe(statement), statement).rejects.toThrow(/rows are immutable/)
    }
    expect(await balancesOf(h, ctx, [alice, bob])).toEqual([
      { available: 700n, total: 700n },
      { available: 300n, total: 300n },
    ])
    expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
  })
})
