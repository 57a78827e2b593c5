import type { Tenant } from '../types.js'

/** Where a verification of the review queue stands: waiting, or decided once and for good. */
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]
export type ReviewDecision = Exclude<ReviewStatus, 'PENDING'>

/** A verification of the review queue, with its decision once made. */
export interface ReviewRecord {
  verificationId: string
  tenant: Tenant
  customerId: string
  status: ReviewStatus
  /** The rejection reason (VERIFICATION_REJECTION_REASONS), when REJECTED. */
  reason?: string
  /** The operator's name, or `vendor:<name>`. */
  decidedBy?: string
  decidedAt?: Date
  createdAt: Date
}

/** A decision as an operator or the vendor gives it, before it is checked. */
export interface DecisionInput {
  verificationId: string
  decision: string
  reason?: string
  decidedBy: string
}

/** Which reviews a listing shows, oldest first. */
export interface ReviewFilters {
  status?: ReviewStatus
  platformId?: string
}
