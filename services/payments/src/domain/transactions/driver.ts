import { httpStatusOf, isApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { TransferCode } from '@pp/proto/ledger/v1/ledger'
import { inTransaction } from '../../db/client.js'
import type { Prisma, Transaction } from '../../db/generated/client.js'
import { recordPaymentEvent } from '../../events/outbox.js'
import type { PaymentsDeps } from '../deps.js'
import { reversedLegs, toTransferLegs, type StoredLeg } from '../quotes/legs.js'
import { isOutcome } from '../rails/outcomes.js'
import { recipientOf, recordArrival } from './arrival.js'
import { callContextOf } from './call-context.js'
import { quoteStatusOf, transferIds, transitionAfter, type LedgerStep, type RefundState } from './transitions.js'

/** The ledger refused the hold (insufficient funds, an account that cannot send): a client mistake. */
export class HoldRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('the ledger refused the hold')
  }
}

/**
 * What to do when the ledger refuses the hold: UNDO (the caller is waiting; it answers the refusal
 * and nothing stays changed) or FAIL (a recovery run; the transaction fails).
 */
export type HoldRefusalPolicy = 'UNDO' | 'FAIL'

const LEDGER_STEPS = new Set<string>(['HOLD', 'POST', 'VOID', 'REFUND'])

/**
 * Walks a transaction through the ledger steps it still owes until it waits for a job or is
 * final. Every step is an idempotent ledger call (its id derived from the transaction id) followed
 * by a conditional update of the stage, so a crash, a retry or a second replica driving the same
 * transaction moves money once.
 */
export async function driveTransaction(deps: PaymentsDeps, transactionId: string, policy: HoldRefusalPolicy): Promise<void> {
  for (;;) {
    const row = await deps.db.transaction.findUnique({ where: { id: transactionId } })
    if (!row || !LEDGER_STEPS.has(row.stage)) return
    const step = row.stage as LedgerStep
    try {
      await performLedgerStep(deps, row, step)
    } catch (err) {
      if (step === 'HOLD' && isRefusal(err)) {
        if (policy === 'UNDO') throw new HoldRefused(err)
        await failRefusedHold(deps, row)
        return
      }
      throw err
    }
    await recordStep(deps, row, step)
  }
}

async function performLedgerStep(deps: PaymentsDeps, row: Transaction, step: LedgerStep): Promise<void> {
  const ctx = callContextOf(row, '')
  const ids = transferIds(row.id)
  const legs = row.legs as unknown as StoredLeg[]
  switch (step) {
    case 'HOLD':
      return deps.services.hold(ctx, ids.hold, toTransferLegs(legs))
    case 'POST':
      return deps.services.post(ctx, ids.post, ids.hold)
    case 'VOID':
      return deps.services.release(ctx, ids.void, ids.hold)
    case 'REFUND':
      return deps.services.transfer(ctx, ids.refund, TransferCode.TRANSFER_CODE_CORRECTION, toTransferLegs(reversedLegs(legs)))
  }
}

/** Records a done ledger step, once: only the caller that still finds the row at that stage moves it. */
async function recordStep(deps: PaymentsDeps, row: Transaction, step: LedgerStep): Promise<void> {
  if (!isOutcome(row.outcome)) throw new Error(`transaction ${row.id} has an unknown outcome ${row.outcome}`)
  const now = deps.now()
  const next = transitionAfter(step, row.outcome, row.id, now, (row.refund as RefundState | null) ?? undefined)
  const recipient = next.status === 'COMPLETED' && row.status !== 'COMPLETED' ? await recipientOf(deps, row) : undefined
  await inTransaction(deps.db, async (tx) => {
    const data: Prisma.TransactionUpdateManyMutationInput = { stage: next.stage, status: next.status, updatedAt: now }
    if (next.failureReason) data.failureReason = next.failureReason
    if (next.refund) data.refund = next.refund as unknown as Prisma.InputJsonObject
    if (next.settled) data.settledAt = now
    const moved = await tx.transaction.updateMany({ where: { id: row.id, stage: step }, data })
    if (moved.count === 0) return
    if (next.job) {
      const runAt = new Date(now.getTime() + deps.settings.delays[next.job.delay])
      await tx.paymentJob.create({ data: { id: newId('Job'), transactionId: row.id, nextStage: next.job.nextStage, runAt, createdAt: now } })
    }
    if (row.quoteId) await tx.quote.update({ where: { id: row.quoteId }, data: { status: quoteStatusOf(next.status), updatedAt: now } })
    const updated = await tx.transaction.findUniqueOrThrow({ where: { id: row.id } })
    // inbound money is announced once it arrived (or failed); an outgoing payment at every change
    const announced = row.type === 'OUTGOING' || next.stage === 'DONE'
    if (announced && (next.status !== row.status || next.refund)) await recordPaymentEvent(tx, updated, next.refund !== undefined)
    if (recipient) await recordArrival(tx, updated, recipient, now)
  })
}

/** A recovered transaction whose hold the ledger refuses cannot go on: it fails, nothing was held. */
async function failRefusedHold(deps: PaymentsDeps, row: Transaction): Promise<void> {
  const now = deps.now()
  await inTransaction(deps.db, async (tx) => {
    const data = { stage: 'DONE', status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', updatedAt: now }
    const moved = await tx.transaction.updateMany({ where: { id: row.id, stage: 'HOLD' }, data })
    if (moved.count === 0) return
    if (row.quoteId) await tx.quote.update({ where: { id: row.quoteId }, data: { status: 'FAILED', updatedAt: now } })
    await recordPaymentEvent(tx, await tx.transaction.findUniqueOrThrow({ where: { id: row.id } }))
  })
}

/** A refusal is the service's answer to a client mistake (4xx), not an outage to retry. */
const isRefusal = (err: unknown): boolean => isApiError(err) && httpStatusOf(err.code) < 500
