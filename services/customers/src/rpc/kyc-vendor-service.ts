import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type { KycVendorServiceServer, ReceiveKycVendorDecisionRequest, ReceiveKycVendorDecisionResponse } from '@pp/proto/customers/v1/verification_reviews'
import type { CustomersDeps } from '../domain/deps.js'
import { receiveVendorDecision } from '../domain/reviews/receive-vendor-decision.js'

/** customers.v1.KycVendorService: the KYC vendor's decision webhook, passed on by the gateway as received. */
export function kycVendorService(deps: CustomersDeps, logger: Logger): KycVendorServiceServer {
  return unaryService(logger, {
    async receiveKycVendorDecision(request: ReceiveKycVendorDecisionRequest): Promise<ReceiveKycVendorDecisionResponse> {
      const { applied, review } = await receiveVendorDecision(deps, request.vendor, { headers: request.headers, body: request.body })
      return { applied, verificationId: review.verificationId, status: review.status }
    },
  })
}
