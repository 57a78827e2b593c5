import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateVerificationRequest,
  CreateVerificationResponse,
  GetVerificationRequest,
  GetVerificationResponse,
  VerificationsServiceServer,
} from '@pp/proto/customers/v1/verifications'
import type { CustomersDeps } from '../domain/deps.js'
import { createVerification } from '../domain/verifications/create-verification.js'
import { getVerification } from '../domain/verifications/get-verification.js'
import { verificationToProto } from './verification-mapping.js'

export function verificationsService(deps: CustomersDeps, logger: Logger): VerificationsServiceServer {
  return unaryService(logger, {
    async createVerification(request: CreateVerificationRequest, ctx): Promise<CreateVerificationResponse> {
      return { verification: verificationToProto(await createVerification(deps, callerOf(ctx), request.customerId)) }
    },
    async getVerification(request: GetVerificationRequest, ctx): Promise<GetVerificationResponse> {
      return { verification: verificationToProto(await getVerification(deps, callerOf(ctx), request.verificationId)) }
    },
  })
}
