import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { VERIFICATION_REJECTION_REASONS } from '@pp/vocabulary'
import type { Tx } from '../../db/client.js'
import { lockCustomer } from '../../db/customers.db.js'
import { lockReview, saveReviewDecision } from '../../db/verification-reviews.db.js'
import { saveVerificationOutcome } from '../../db/verifications.db.js'
import { mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { applyVerificationOutcome } from '../verifications/apply-outcome.js'
import { CUSTOMER_STATUS } from '../verifications/run-verification.js'
import type { VerificationErrorView } from '../verifications/types.js'
import { toVerificationView } from '../verifications/view.js'
import type { DecisionInput, ReviewDecision, ReviewRecord } from './types.js'

const DECISIONS: readonly ReviewDecision[] = ['APPROVED', 'REJECTED']

interface Decision {
  status: ReviewDecision
  reason?: string
}

/** APPROVED, or REJECTED with a reason of the reference's vocabulary; anything else is refused naming the allowed values. */
function checkDecision({ decision, reason }: DecisionInput): Decision {
  if (!(DECISIONS as readonly string[]).includes(decision)) {
    throw invalidInput([{ field: 'decision', message: `must be one of ${DECISIONS.join(', ')}`, constraint: { enum: [...DECISIONS] } }])
  }
  if (decision === 'APPROVED') {
    if (reason) throw invalidInput([{ field: 'reason', message: 'only a rejection has a reason' }])
    return { status: 'APPROVED' }
  }
  if (!reason || !(VERIFICATION_REJECTION_REASONS as readonly string[]).includes(reason)) {
    const message = `must be one of ${VERIFICATION_REJECTION_REASONS.join(', ')}`
    throw invalidInput([{ field: 'reason', message, constraint: { enum: [...VERIFICATION_REJECTION_REASONS] } }])
  }
  return { status: 'REJECTED', reason }
}

/** The same decision again answers the one recorded; another one is a conflict naming who decided what, and when. */
function recordedDecision(review: ReviewRecord, decision: Decision): ReviewRecord {
  if (review.status === decision.status && review.reason === decision.reason) return review
  throw new ApiError('CONFLICT', `Verification ${review.verificationId} was already decided: ${review.status}`, {
    verificationId: review.verificationId,
    status: review.status,
    ...(review.reason && { reason: review.reason }),
    decidedBy: review.decidedBy,
    decidedAt: review.decidedAt?.toISOString(),
  })
}

/** A rejection shows on the verification as one error of the customer: the reason's type. */
const rejectionErrors = (customerId: string, reason: string): VerificationErrorView[] => [
  { resourceId: customerId, type: reason, reason: `Rejected on review: ${reason}` },
]

/**
 * Decides a verification of the review queue inside `tx`: the verification takes the decision, the
 * customer's status and webhooks follow as a sandbox decision's do (applyVerificationOutcome), and
 * the review records who decided and when. A verification is decided once (see recordedDecision).
 */
export async function decideReviewIn(tx: Tx, deps: CustomersDeps, input: DecisionInput): Promise<ReviewRecord> {
  const decision = checkDecision(input)
  const review = await lockReview(tx, input.verificationId)
  if (!review) throw new ApiError('VERIFICATION_NOT_FOUND', `No verification ${input.verificationId} was sent to review`)
  if (review.status !== 'PENDING') return recordedDecision(review, decision)
  const customer = mustExist(await lockCustomer(tx, review.tenant, review.customerId), review.customerId)
  const now = deps.now()
  const errors = decision.reason ? rejectionErrors(customer.id, decision.reason) : []
  const verification = await saveVerificationOutcome(tx, review.verificationId, { verificationStatus: decision.status, errors, updatedAt: now })
  await applyVerificationOutcome(tx, review.tenant, customer, toVerificationView(verification), CUSTOMER_STATUS[decision.status], now)
  return saveReviewDecision(tx, review.verificationId, { ...decision, decidedBy: input.decidedBy, decidedAt: now })
}

/** An operator's decision (`pnpm admin verifications approve|reject`); refused where the KYC vendor decides (KYC_DECISIONS=vendor). */
export async function decideAsOperator(deps: CustomersDeps, input: DecisionInput): Promise<ReviewRecord> {
  if (deps.kycDecisions.by === 'vendor') {
    throw new ApiError('FORBIDDEN', `The KYC vendor ${deps.kycDecisions.vendor.name} decides verifications here (KYC_DECISIONS=vendor)`, { setting: 'KYC_DECISIONS' })
  }
  if (!input.decidedBy.trim()) throw invalidInput([{ field: 'operator', message: 'who decides is required' }])
  return inTransaction(deps.db, (tx) => decideReviewIn(tx, deps, input))
}
