import { describe, expect, it } from 'vitest'
import { OUTCOME_PLANS, type Outcome } from '../rails/outcomes.js'
import { transitionAfter, type LedgerStep, type Transition } from './transitions.js'

const AT = new Date('2026-01-01T00:00:00Z')
const ID = 'Transaction:x'

/** Walks an outcome's plan as the driver and the job worker would, collecting the statuses it shows. */
function walk(outcome: Outcome): Transition[] {
  const seen: Transition[] = []
  let step: LedgerStep | undefined = 'HOLD'
  let refund: Transition['refund']
  while (step) {
    const next: Transition = transitionAfter(step, outcome, ID, AT, refund)
    seen.push(next)
    refund = next.refund ?? refund
    step = next.stage === 'WAIT' ? next.job?.nextStage : next.stage === 'DONE' ? undefined : (next.stage as LedgerStep)
  }
  return seen
}

describe('transaction plans', () => {
  it.each([
    ['SETTLE', ['PROCESSING', 'COMPLETED']],
    ['SETTLE_LATE', ['PROCESSING', 'COMPLETED']],
    ['REJECT_BY_BANK', ['PROCESSING', 'FAILED']],
    ['REJECT_LATE', ['PROCESSING', 'FAILED']],
    ['RETURN', ['PROCESSING', 'COMPLETED', 'FAILED']],
    ['DELIVERY_FAILED', ['PROCESSING', 'PROCESSING', 'FAILED']],
    ['DELIVERY_AND_REFUND_FAILED', ['PROCESSING', 'FAILED']],
    ['CANCELLED', ['PROCESSING', 'FAILED']],
    // a bank-file payout waits for the bank's answer with no job: its files move it on
    ['AWAIT_BANK', ['PROCESSING']],
    ['BANK_RETURNED', ['PROCESSING', 'FAILED']],
  ] as const)('%s shows %j', (outcome, statuses) => {
    expect(walk(outcome).map((t) => t.status)).toEqual(statuses)
  })

  it('only the returned payout leaves COMPLETED, and only through its refund', () => {
    for (const outcome of Object.keys(OUTCOME_PLANS) as Outcome[]) {
      const statuses = walk(outcome).map((t) => t.status)
      const completed = statuses.indexOf('COMPLETED')
      if (completed === -1 || completed === statuses.length - 1) continue
      expect(outcome).toBe('RETURN')
    }
  })

  it('delays are jobs, never timers: the slow settlement waits, then posts', () => {
    const [afterHold] = walk('SETTLE_LATE')
    expect(afterHold).toEqual({ stage: 'WAIT', status: 'PROCESSING', job: { delay: 'SLOW_SETTLEMENT', nextStage: 'POST' } })
  })

  it('a bank-file payout holds its money while it waits, and a return voids or refunds it as returned', () => {
    expect(transitionAfter('HOLD', 'AWAIT_BANK', ID, AT)).toEqual({ stage: 'WAIT', status: 'PROCESSING' })
    expect(transitionAfter('POST', 'AWAIT_BANK', ID, AT)).toEqual({ stage: 'DONE', status: 'COMPLETED', settled: true })
    expect(transitionAfter('VOID', 'BANK_RETURNED', ID, AT)).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_RETURNED', refund: { status: 'COMPLETED' } })
    expect(transitionAfter('REFUND', 'BANK_RETURNED', ID, AT)).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_RETURNED', refund: { reference: `${ID}:refund`, status: 'COMPLETED' } })
  })

  it('a refund is pending, then completed with the same reference', () => {
    const [, pending, done] = walk('DELIVERY_FAILED')
    expect(pending!.refund).toEqual({ reference: `${ID}:refund`, initiatedAt: AT.toISOString(), status: 'PENDING', reason: 'TRANSACTION_FAILED' })
    expect(done!.refund).toMatchObject({ reference: `${ID}:refund`, status: 'COMPLETED', settledAt: AT.toISOString() })
    expect(done!.failureReason).toBe('COUNTERPARTY_POST_TX_FAILED')
  })
})
