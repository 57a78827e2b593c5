/**
 * What happens to a payout after its funds are held. The rail picks one when the quote is made;
 * the transaction driver then walks its plan, one idempotent ledger step at a time.
 */
export type Outcome =
  | 'SETTLE'
  | 'SETTLE_LATE'
  | 'REJECT_INSUFFICIENT_FUNDS'
  | 'REJECT_ACCOUNT_INVALID'
  | 'REJECT_BY_BANK'
  | 'REJECT_LATE'
  | 'EXECUTION_FAILED'
  | 'RETURN'
  | 'DELIVERY_FAILED'
  | 'USER_CANCELLATION'
  | 'DELIVERY_AND_REFUND_FAILED'
  /** Not a rail's answer: the platform cancelled the payout before it settled. */
  | 'CANCELLED'
  /**
   * An asynchronous rail (a bank file): the hold stays pending while the payout waits for the
   * bank. Its answer moves it on later: settlement posts the hold, a return turns the outcome
   * into BANK_RETURNED.
   */
  | 'AWAIT_BANK'
  /** The bank returned the payout: voided while only held, refunded with its own entries once posted. */
  | 'BANK_RETURNED'

/** A delay the deployment configures (sandbox timings of the spec). */
export type DelayKind = 'PENDING_FAILURE' | 'SLOW_SETTLEMENT' | 'RETURN'

export type RefundReason = 'TRANSACTION_FAILED' | 'USER_CANCELLATION'

export interface OutcomePlan {
  /**
   * Right after the hold: post it, void it, wait for a job to do one of them later, or wait for
   * the rail's answer (no job: the rail's own files move the transaction on).
   */
  afterHold: { next: 'POST' | 'VOID' } | { next: 'WAIT'; delay: DelayKind; then: 'POST' | 'VOID' } | { next: 'AWAIT_RAIL' }
  /**
   * Once posted: COMPLETE; COMPLETE_THEN_RETURN (completed, later refunded as returned); REFUND
   * at once (delivery failed after conversion); FAIL_UNREFUNDED (delivery and refund both failed).
   */
  afterPost: 'COMPLETE' | 'COMPLETE_THEN_RETURN' | 'REFUND' | 'FAIL_UNREFUNDED'
  /** The reference's OutgoingTransactionFailureReason the transaction shows once FAILED. */
  failureReason?: string
  refundReason?: RefundReason
}

const post = { next: 'POST' } as const
const voidHold = { next: 'VOID' } as const

/**
 * The plan of every outcome. Failure reasons come from the reference's enum: an insufficient-funds
 * rejection by the counterparty bank is a failed execution, a closed or invalid account is
 * ACCOUNT_INVALID, a bank rejection means the account cannot receive.
 */
export const OUTCOME_PLANS: Record<Outcome, OutcomePlan> = {
  SETTLE: { afterHold: post, afterPost: 'COMPLETE' },
  SETTLE_LATE: { afterHold: { next: 'WAIT', delay: 'SLOW_SETTLEMENT', then: 'POST' }, afterPost: 'COMPLETE' },
  REJECT_INSUFFICIENT_FUNDS: { afterHold: voidHold, afterPost: 'COMPLETE', failureReason: 'QUOTE_EXECUTION_FAILED' },
  REJECT_ACCOUNT_INVALID: { afterHold: voidHold, afterPost: 'COMPLETE', failureReason: 'ACCOUNT_INVALID' },
  REJECT_BY_BANK: { afterHold: voidHold, afterPost: 'COMPLETE', failureReason: 'ACCOUNT_CANNOT_RECEIVE' },
  REJECT_LATE: {
    afterHold: { next: 'WAIT', delay: 'PENDING_FAILURE', then: 'VOID' },
    afterPost: 'COMPLETE',
    failureReason: 'ACCOUNT_CANNOT_RECEIVE',
  },
  EXECUTION_FAILED: { afterHold: voidHold, afterPost: 'COMPLETE', failureReason: 'QUOTE_EXECUTION_FAILED' },
  RETURN: { afterHold: post, afterPost: 'COMPLETE_THEN_RETURN', failureReason: 'PAYOUT_RETURNED', refundReason: 'TRANSACTION_FAILED' },
  DELIVERY_FAILED: { afterHold: post, afterPost: 'REFUND', failureReason: 'COUNTERPARTY_POST_TX_FAILED', refundReason: 'TRANSACTION_FAILED' },
  USER_CANCELLATION: { afterHold: post, afterPost: 'REFUND', refundReason: 'USER_CANCELLATION' },
  DELIVERY_AND_REFUND_FAILED: { afterHold: post, afterPost: 'FAIL_UNREFUNDED', failureReason: 'COUNTERPARTY_POST_TX_FAILED', refundReason: 'TRANSACTION_FAILED' },
  CANCELLED: { afterHold: voidHold, afterPost: 'COMPLETE', refundReason: 'USER_CANCELLATION' },
  AWAIT_BANK: { afterHold: { next: 'AWAIT_RAIL' }, afterPost: 'COMPLETE' },
  BANK_RETURNED: { afterHold: voidHold, afterPost: 'REFUND', failureReason: 'PAYOUT_RETURNED', refundReason: 'TRANSACTION_FAILED' },
}

export const isOutcome = (value: string): value is Outcome => value in OUTCOME_PLANS
