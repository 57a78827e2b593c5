import { httpStatusOf, isApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { findTransactionById, recordStep } from '../../db/transactions.db.js'
import { paymentEvent } from '../../events/outbox.js'
import type { PaymentsDeps } from '../deps.js'
import { reversedLegs, type StoredLeg } from '../quotes/legs.js'
import { OUTCOME_PLANS, isOutcome, type Outcome } from '../rails/outcomes.js'
import { arrivalOf, recipientOf } from './arrival.js'
import { callContextOf } from './call-context.js'
import { isLedgerStep, quoteStatusOf, transferIds, transitionAfter, type LedgerStep, type RefundState, type Transition } from './transitions.js'
import type { TransactionRow } from './types.js'

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

/** Drives the transaction `transactionId` as it is stored now (see `driveRow`). */
export async function driveTransaction(deps: PaymentsDeps, transactionId: string, policy: HoldRefusalPolicy): Promise<void> {
  const row = await findTransactionById(deps.sql, transactionId)
  if (row) await driveRow(deps, row, policy)
}

/**
 * Walks a transaction through the ledger steps it still owes until it waits for a job or is
 * final. Every step is an idempotent ledger call (its id derived from the transaction id) followed
 * by a conditional update of the stage, so a crash, a retry or a second replica driving the same
 * transaction moves money once. `row` is the transaction as stored; it is read again only when
 * another caller moved it first. Answers the transaction as this call left it (undefined when it
 * failed a refused hold, or is gone).
 */
export async function driveRow(deps: PaymentsDeps, row: TransactionRow, policy: HoldRefusalPolicy): Promise<TransactionRow | undefined> {
  let current: TransactionRow | undefined = row
  while (current && isLedgerStep(current.stage)) {
    const step = current.stage
    const outcome = outcomeOf(current)
    // a hold whose outcome posts it at once is held and posted in one ledger call
    const holdAndPost = step === 'HOLD' && OUTCOME_PLANS[outcome].afterHold.next === 'POST'
    try {
      await performLedgerStep(deps, current, step, holdAndPost)
    } catch (err) {
      if (step === 'HOLD' && isRefusal(err)) {
        if (policy === 'UNDO') throw new HoldRefused(err)
        await failRefusedHold(deps, current)
        return undefined
      }
      throw err
    }
    const steps: LedgerStep[] = holdAndPost ? ['HOLD', 'POST'] : [step]
    const next = await recordSteps(deps, current, steps, outcome)
    current = next ?? (await findTransactionById(deps.sql, current.id))
  }
  return current
}

function outcomeOf(row: TransactionRow): Outcome {
  if (!isOutcome(row.outcome)) throw new Error(`transaction ${row.id} has an unknown outcome ${row.outcome}`)
  return row.outcome
}

async function performLedgerStep(deps: PaymentsDeps, row: TransactionRow, step: LedgerStep, holdAndPost: boolean): Promise<void> {
  const ctx = callContextOf(row, '')
  const ids = transferIds(row.id)
  const legs = row.legs as StoredLeg[]
  switch (step) {
    case 'HOLD':
      return holdAndPost ? deps.services.holdAndPost(ctx, ids.hold, ids.post, legs) : deps.services.hold(ctx, ids.hold, legs)
    case 'POST':
      return deps.services.post(ctx, ids.post, ids.hold)
    case 'VOID':
      return deps.services.release(ctx, ids.void, ids.hold)
    case 'REFUND':
      return deps.services.transfer(ctx, ids.refund, 'CORRECTION', reversedLegs(legs))
  }
}

/** The transaction after a transition, as the statement that records it writes it. */
function applied(row: TransactionRow, next: Transition, now: Date): TransactionRow {
  return {
    ...row,
    stage: next.stage,
    status: next.status,
    failureReason: next.failureReason ?? row.failureReason,
    refund: next.refund ?? row.refund,
    settledAt: next.settled ? now : row.settledAt,
    updatedAt: now,
  }
}

/**
 * Records done ledger steps (one, or a hold and its post made together), once: only the caller
 * that still finds the row at the first step's stage moves it. Answers the row as recorded, or
 * undefined when another caller moved it first.
 */
async function recordSteps(deps: PaymentsDeps, row: TransactionRow, steps: LedgerStep[], outcome: Outcome): Promise<TransactionRow | undefined> {
  const now = deps.now()
  const events = []
  let current = row
  let job: Transition['job']
  for (const step of steps) {
    const next = transitionAfter(step, outcome, row.id, now, (current.refund as RefundState | null) ?? undefined)
    const updated = applied(current, next, now)
    // inbound money is announced once it arrived (or failed); an outgoing payment at every change
    const announced = row.type === 'OUTGOING' || next.stage === 'DONE'
    if (announced && (next.status !== current.status || next.refund)) events.push(paymentEvent(updated, next.refund !== undefined))
    job = next.job
    current = updated
  }
  const completes = current.status === 'COMPLETED' && row.status !== 'COMPLETED'
  const recipient = completes ? await recipientOf(deps, row) : undefined
  const arrival = recipient ? arrivalOf(current, recipient, now) : undefined
  if (arrival) events.push(paymentEvent(arrival))
  const moved = await recordStep(deps.sql, {
    transaction: current,
    fromStage: row.stage,
    quoteStatus: row.quoteId ? quoteStatusOf(current.status) : undefined,
    job: job && { id: newId('Job'), nextStage: job.nextStage, runAt: new Date(now.getTime() + deps.settings.delays[job.delay]) },
    arrival,
    events,
  })
  return moved ? current : undefined
}

/** A recovered transaction whose hold the ledger refuses cannot go on: it fails, nothing was held. */
async function failRefusedHold(deps: PaymentsDeps, row: TransactionRow): Promise<void> {
  const now = deps.now()
  const failed: TransactionRow = { ...row, stage: 'DONE', status: 'FAILED', failureReason: 'QUOTE_EXECUTION_FAILED', updatedAt: now }
  await recordStep(deps.sql, {
    transaction: failed,
    fromStage: 'HOLD',
    quoteStatus: row.quoteId ? 'FAILED' : undefined,
    events: [paymentEvent(failed)],
  })
}

/** A refusal is the service's answer to a client mistake (4xx), not an outage to retry. */
const isRefusal = (err: unknown): boolean => isApiError(err) && httpStatusOf(err.code) < 500
