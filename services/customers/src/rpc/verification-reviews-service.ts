import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  DecideVerificationReviewRequest,
  DecideVerificationReviewResponse,
  GetVerificationReviewDocumentRequest,
  GetVerificationReviewDocumentResponse,
  GetVerificationReviewRequest,
  GetVerificationReviewResponse,
  ListVerificationReviewsRequest,
  ListVerificationReviewsResponse,
  ReviewDocument,
  VerificationReview,
  VerificationReviewsOperatorServiceServer,
} from '@pp/proto/customers/v1/verification_reviews'
import type { CustomersDeps } from '../domain/deps.js'
import type { DocumentRecord } from '../domain/documents/types.js'
import { decideAsOperator } from '../domain/reviews/decide-review.js'
import { getReviewDocument, getReviewDossier, listReviews } from '../domain/reviews/read-reviews.js'
import type { ReviewRecord } from '../domain/reviews/types.js'

export const reviewMessage = (review: ReviewRecord): VerificationReview => ({
  verificationId: review.verificationId,
  ...review.tenant,
  customerId: review.customerId,
  status: review.status,
  reason: review.reason,
  decidedBy: review.decidedBy,
  decidedAt: review.decidedAt,
  createdAt: review.createdAt,
})

const documentMessage = (document: DocumentRecord): ReviewDocument => ({
  id: document.id,
  holderId: document.holderId,
  documentType: document.documentType,
  side: document.side,
  country: document.country,
  fileName: document.fileName,
  contentType: document.contentType,
  sizeBytes: document.sizeBytes,
  createdAt: document.createdAt,
})

/**
 * customers.v1.VerificationReviewsOperatorService: the review queue of production verifications,
 * across tenants. Served on the operator port to the admin identity alone.
 */
export function verificationReviewsOperatorService(deps: CustomersDeps, logger: Logger): VerificationReviewsOperatorServiceServer {
  return unaryService(logger, {
    async listVerificationReviews(request: ListVerificationReviewsRequest): Promise<ListVerificationReviewsResponse> {
      return { reviews: (await listReviews(deps, request)).map(reviewMessage) }
    },
    async getVerificationReview(request: GetVerificationReviewRequest): Promise<GetVerificationReviewResponse> {
      const dossier = await getReviewDossier(deps, request.verificationId)
      return {
        review: reviewMessage(dossier.review),
        verificationJson: JSON.stringify(dossier.verification),
        customerJson: JSON.stringify(dossier.customer),
        documents: dossier.documents.map(documentMessage),
      }
    },
    async getVerificationReviewDocument(request: GetVerificationReviewDocumentRequest): Promise<GetVerificationReviewDocumentResponse> {
      const { document, content } = await getReviewDocument(deps, request.verificationId, request.documentId)
      return { document: documentMessage(document), content: Buffer.from(content) }
    },
    async decideVerificationReview(request: DecideVerificationReviewRequest): Promise<DecideVerificationReviewResponse> {
      const review = await decideAsOperator(deps, { verificationId: request.verificationId, decision: request.decision, reason: request.reason, decidedBy: request.operator })
      return { review: reviewMessage(review) }
    },
  })
}
