import { OUTCOME_PLANS, type DelayKind, type Outcome, type RefundReason } from '../rails/outcomes.js'

/** The ledger step a transaction still owes, WAIT while a job holds it, DONE when final. */
export type Stage = 'HOLD' | 'POST' | 'VOID' | 'REFUND' | 'WAIT' | 'DONE'
/** The stages at which a transaction owes the ledger a step (WAIT and DONE owe nothing now). */
export const LEDGER_STEPS = ['HOLD', 'POST', 'VOID', 'REFUND'] as const
export type LedgerStep = (typeof LEDGER_STEPS)[number]
export const isLedgerStep = (stage: string): stage is LedgerStep => (LEDGER_STEPS as readonly string[]).includes(stage)

/** A transaction's refund as stored (JSON); a type rather than an interface, so that it is a JSON value to Prisma as it is. */
export type RefundState = {
  reference: string
  initiatedAt: string
  settledAt?: string
  status: 'PENDING' | 'COMPLETED' | 'FAILED'
  reason: RefundReason
}

/** The row's new state once a ledger step succeeded. */
export interface Transition {
  stage: Stage
  status: string
  failureReason?: string
  /** Present when the refund changes. */
  refund?: RefundState
  settled?: boolean
  /** A delayed next step. */
  job?: { delay: DelayKind; nextStage: 'POST' | 'VOID' | 'REFUND' }
}

/** Transfer ids in the ledger, derived from the transaction id so a retry never moves money twice. */
export const transferIds = (transactionId: string) => ({
  hold: `${transactionId}:hold`,
  post: `${transactionId}:post`,
  void: `${transactionId}:void`,
  refund: `${transactionId}:refund`,
})

/**
 * What follows a successful ledger step for a transaction with this outcome. A completed
 * transaction never changes again, except the returned payout (COMPLETE_THEN_RETURN) whose
 * refund makes it FAILED.
 */
export function transitionAfter(step: LedgerStep, outcome: Outcome, transactionId: string, at: Date, refund?: RefundState): Transition {
  const plan = OUTCOME_PLANS[outcome]
  const ids = transferIds(transactionId)
  switch (step) {
    case 'HOLD': {
      const next = plan.afterHold
      if (next.next === 'WAIT') return { stage: 'WAIT', status: 'PROCESSING', job: { delay: next.delay, nextStage: next.then } }
      if (next.next === 'AWAIT_RAIL') return { stage: 'WAIT', status: 'PROCESSING' }
      return { stage: next.next, status: 'PROCESSING' }
    }
    case 'POST':
      switch (plan.afterPost) {
        case 'COMPLETE':
          return { stage: 'DONE', status: 'COMPLETED', settled: true }
        case 'COMPLETE_THEN_RETURN':
          return { stage: 'WAIT', status: 'COMPLETED', settled: true, job: { delay: 'RETURN', nextStage: 'REFUND' } }
        case 'REFUND':
          return { stage: 'REFUND', status: 'PROCESSING', refund: pendingRefund(ids.refund, at, plan.refundReason!) }
        case 'FAIL_UNREFUNDED':
          return {
            stage: 'DONE',
            status: 'FAILED',
            failureReason: plan.failureReason,
            refund: { reference: ids.refund, initiatedAt: at.toISOString(), status: 'FAILED', reason: plan.refundReason! },
          }
      }
      break
    case 'VOID': {
      const released = plan.refundReason
        ? { reference: ids.void, initiatedAt: at.toISOString(), settledAt: at.toISOString(), status: 'COMPLETED' as const, reason: plan.refundReason }
        : undefined
      return { stage: 'DONE', status: 'FAILED', failureReason: plan.failureReason, ...(released ? { refund: released } : {}) }
    }
    case 'REFUND': {
      const started = refund ?? pendingRefund(ids.refund, at, plan.refundReason!)
      return {
        stage: 'DONE',
        status: 'FAILED',
        failureReason: plan.failureReason,
        refund: { ...started, status: 'COMPLETED', settledAt: at.toISOString() },
      }
    }
  }
}

const pendingRefund = (reference: string, at: Date, reason: RefundReason): RefundState => ({
  reference,
  initiatedAt: at.toISOString(),
  status: 'PENDING',
  reason,
})

/** The quote's status that mirrors its transaction's. */
export function quoteStatusOf(transactionStatus: string): string {
  if (transactionStatus === 'COMPLETED' || transactionStatus === 'FAILED') return transactionStatus
  return 'PROCESSING'
}
