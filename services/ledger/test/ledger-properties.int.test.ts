import fc from 'fast-check'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { TransferCode } from '@pp/proto/ledger/v1/ledger'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accountOf, activeCustomer, balancesOf, byId, funding, leg, newTenant, startHarness, tenantOf, transferId, type Harness } from './harness.js'
import { ledgerViolations } from './invariants.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness('properties')
})
afterAll(() => h?.stop())

const ACCOUNTS = 3
type Op =
  | { kind: 'fund'; to: number; amount: number }
  | { kind: 'transfer' | 'hold'; from: number; to: number; amount: number }
  | { kind: 'post'; hold: number; part?: number }
  | { kind: 'void'; hold: number }
  | { kind: 'retry'; op: number }

const account = fc.integer({ min: 0, max: ACCOUNTS - 1 })
const amount = fc.integer({ min: 1, max: 60 })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), to: account, amount }),
  fc.record({ kind: fc.constantFrom('transfer' as const, 'hold' as const), from: account, to: account, amount }),
  fc.record({ kind: fc.constant('post' as const), hold: fc.nat(), part: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }) }),
  fc.record({ kind: fc.constant('void' as const), hold: fc.nat() }),
  fc.record({ kind: fc.constant('retry' as const), op: fc.nat() }),
)

/** What the ledger should hold: per account, posted and pending totals; the holds made so far. */
class Model {
  readonly posted = Array<number>(ACCOUNTS).fill(0)
  readonly heldOut = Array<number>(ACCOUNTS).fill(0)
  readonly pendingIn = Array<number>(ACCOUNTS).fill(0)
  readonly holds: Array<{ id: string; from: number; to: number; amount: number; isResolved: boolean }> = []

  available = (i: number) => this.posted[i]! - this.heldOut[i]!
  total = (i: number) => this.posted[i]! + this.pendingIn[i]!
}

type Done = Array<() => Promise<unknown>>
const PAYMENT = TransferCode.TRANSFER_CODE_PAYMENT

/** One step through gRPC, checked against what the model expects; successful calls are kept for retries. */
async function apply(ctx: Caller, ids: string[], model: Model, step: Op, done: Done): Promise<void> {
  switch (step.kind) {
    case 'fund':
      return fundStep(ctx, ids, model, step, done)
    case 'transfer':
    case 'hold':
      return moveStep(ctx, ids, model, step, done)
    case 'post':
    case 'void':
      return resolveStep(ctx, model, step, done)
    case 'retry': {
      // a retry answers the first result and moves nothing
      const retried = done[step.op % Math.max(done.length, 1)]
      if (retried) await retried()
    }
  }
}

async function fundStep(ctx: Caller, ids: string[], model: Model, step: Extract<Op, { kind: 'fund' }>, done: Done): Promise<void> {
  const request = { transferId: transferId(), code: TransferCode.TRANSFER_CODE_FUNDING, legs: [leg(funding('USD'), byId(ids[step.to]!), BigInt(step.amount))] }
  const call = () => callUnary(h.ledger, h.ledger.createTransfer, request, ctx)
  await call()
  model.posted[step.to]! += step.amount
  done.push(call)
}

async function moveStep(ctx: Caller, ids: string[], model: Model, step: Extract<Op, { kind: 'transfer' | 'hold' }>, done: Done): Promise<void> {
  if (step.from === step.to) return
  const id = transferId()
  const request = { transferId: id, code: PAYMENT, legs: [leg(byId(ids[step.from]!), byId(ids[step.to]!), BigInt(step.amount))] }
  const isHold = step.kind === 'hold'
  const call = () => (isHold ? callUnary(h.ledger, h.ledger.createPendingTransfer, request, ctx) : callUnary(h.ledger, h.ledger.createTransfer, request, ctx))
  if (model.available(step.from) < step.amount) {
    await expect(call()).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' })
    return
  }
  await call()
  if (isHold) {
    model.heldOut[step.from]! += step.amount
    model.pendingIn[step.to]! += step.amount
    model.holds.push({ id, from: step.from, to: step.to, amount: step.amount, isResolved: false })
  } else {
    model.posted[step.from]! -= step.amount
    model.posted[step.to]! += step.amount
  }
  done.push(call)
}

async function resolveStep(ctx: Caller, model: Model, step: Extract<Op, { kind: 'post' | 'void' }>, done: Done): Promise<void> {
  const hold = model.holds[step.hold % Math.max(model.holds.length, 1)]
  if (!hold) return
  const isPost = step.kind === 'post'
  const part = step.kind === 'post' ? step.part : undefined
  const posted = isPost ? Math.max(1, Math.floor((hold.amount * (part ?? 100)) / 100)) : 0
  const request = { transferId: transferId(), pendingId: hold.id, ...(part === undefined ? {} : { amount: BigInt(posted) }) }
  const call = () => (isPost ? callUnary(h.ledger, h.ledger.postPendingTransfer, request, ctx) : callUnary(h.ledger, h.ledger.voidPendingTransfer, request, ctx))
  if (hold.isResolved) {
    await expect(call()).rejects.toMatchObject({ code: 'CONFLICT' })
    return
  }
  await call()
  hold.isResolved = true
  model.heldOut[hold.from]! -= hold.amount
  model.pendingIn[hold.to]! -= hold.amount
  model.posted[hold.from]! -= posted
  model.posted[hold.to]! += posted
  done.push(call)
}

it('random holds, posts, voids, transfers and retries keep the balances of a model and the ledger invariants', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (steps) => {
      const ctx = newTenant()
      h.platforms.set(tenantOf(ctx), { supportedCurrencies: ['USD'] })
      const ids: string[] = []
      for (let i = 0; i < ACCOUNTS; i++) ids.push(accountOf(await activeCustomer(h, ctx), 'USD').id)
      const model = new Model()
      const done: Done = []
      for (const step of steps) await apply(ctx, ids, model, step, done)
      const balances = await balancesOf(h, ctx, ids)
      expect(balances).toEqual(ids.map((_, i) => ({ available: BigInt(model.available(i)), total: BigInt(model.total(i)) })))
      expect(await ledgerViolations(h.db, tenantOf(ctx))).toEqual([])
    }),
    { numRuns: 30 },
  )
})
