import { ApiError, invalidInput } from '@pp/errors'
import { PAGE_LIMIT_MAX } from '@pp/paging'
import { findCustomer } from '../../db/customers.db.js'
import { documentsOfCustomer, findCustomerDocumentFile } from '../../db/documents.db.js'
import { findReview, findReviews } from '../../db/verification-reviews.db.js'
import { findVerification } from '../../db/verifications.db.js'
import { loadCustomerView, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import type { DocumentRecord } from '../documents/types.js'
import type { CustomerView } from '../types.js'
import type { VerificationView } from '../verifications/types.js'
import { toVerificationView } from '../verifications/view.js'
import { REVIEW_STATUSES, type ReviewFilters, type ReviewRecord, type ReviewStatus } from './types.js'

export interface ListReviewsInput {
  /** PENDING unless told; ALL for every status. */
  status?: string
  platformId?: string
  /** 0 means the most, PAGE_LIMIT_MAX. */
  limit: number
}

function statusFilter(status: string | undefined): ReviewStatus | undefined {
  if (status === undefined || status === '') return 'PENDING'
  if (status === 'ALL') return undefined
  if ((REVIEW_STATUSES as readonly string[]).includes(status)) return status as ReviewStatus
  const allowed = [...REVIEW_STATUSES, 'ALL']
  throw invalidInput([{ field: 'status', message: `must be one of ${allowed.join(', ')}`, constraint: { enum: allowed } }])
}

/** The review queue across tenants, oldest first: what an operator works through. */
export async function listReviews(deps: CustomersDeps, input: ListReviewsInput): Promise<ReviewRecord[]> {
  const filters: ReviewFilters = {
    status: statusFilter(input.status),
    ...(input.platformId && { platformId: input.platformId }),
  }
  return findReviews(deps.db, filters, Math.min(input.limit || PAGE_LIMIT_MAX, PAGE_LIMIT_MAX))
}

async function mustFindReview(deps: CustomersDeps, verificationId: string): Promise<ReviewRecord> {
  const review = await findReview(deps.db, verificationId)
  if (!review) throw new ApiError('VERIFICATION_NOT_FOUND', `No verification ${verificationId} was sent to review`)
  return review
}

/** What an operator decides on: the review, its verification, the customer as the API shows it, and the documents on file (without their files). */
export interface ReviewDossier {
  review: ReviewRecord
  verification: VerificationView
  customer: CustomerView
  documents: DocumentRecord[]
}

export async function getReviewDossier(deps: CustomersDeps, verificationId: string): Promise<ReviewDossier> {
  const review = await mustFindReview(deps, verificationId)
  const [verification, record, documents] = await Promise.all([
    findVerification(deps.db, review.tenant, verificationId),
    findCustomer(deps.db, review.tenant, review.customerId),
    documentsOfCustomer(deps.db, review.customerId),
  ])
  const customer = await loadCustomerView(deps.db, mustExist(record, review.customerId))
  return { review, verification: toVerificationView(verification!), customer, documents }
}

/** One document's file of a reviewed customer, for the operator to look at; only a document of that customer's packet. */
export async function getReviewDocument(deps: CustomersDeps, verificationId: string, documentId: string): Promise<{ document: DocumentRecord; content: Uint8Array }> {
  const review = await mustFindReview(deps, verificationId)
  const file = await findCustomerDocumentFile(deps.db, review.customerId, documentId)
  if (!file) throw new ApiError('NOT_FOUND', `Document ${documentId} is not on file for verification ${verificationId}`)
  return file
}
