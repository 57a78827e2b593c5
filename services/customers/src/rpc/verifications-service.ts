import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateVerificationRequest,
  CreateVerificationResponse,
  GetVerificationRequest,
  GetVerificationResponse,
  ListVerificationsRequest,
  ListVerificationsResponse,
  VerificationsServiceServer,
} from '@pp/proto/customers/v1/verifications'
import type { CustomersDeps } from '../domain/deps.js'
import { createVerification } from '../domain/verifications/create-verification.js'
import { getVerification } from '../domain/verifications/get-verification.js'
import { listVerifications } from '../domain/verifications/list-verifications.js'

/** A verification answers as the API's JSON of its view, the text its VERIFICATION.* webhook carries too. */
export function verificationsService(deps: CustomersDeps, logger: Logger): VerificationsServiceServer {
  return unaryService(logger, {
    async createVerification(request: CreateVerificationRequest, ctx): Promise<CreateVerificationResponse> {
      return { verificationJson: JSON.stringify(await createVerification(deps, callerOf(ctx), request.customerId)) }
    },
    async getVerification(request: GetVerificationRequest, ctx): Promise<GetVerificationResponse> {
      return { verificationJson: JSON.stringify(await getVerification(deps, callerOf(ctx), request.verificationId)) }
    },
    async listVerifications(request: ListVerificationsRequest, ctx): Promise<ListVerificationsResponse> {
      return { pageJson: JSON.stringify(await listVerifications(deps, callerOf(ctx), request)) }
    },
  })
}
