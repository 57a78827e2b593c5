import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { CustomerProfile } from '@pp/proto/customers/v1/customers'
import type {
  AddHostedKycBeneficialOwnerRequest,
  AddHostedKycBeneficialOwnerResponse,
  CompleteHostedKycRequest,
  CompleteHostedKycResponse,
  GetHostedKycSessionRequest,
  GetHostedKycSessionResponse,
  HostedKycServiceServer,
  SaveHostedKycProfileRequest,
  SaveHostedKycProfileResponse,
  UploadHostedKycDocumentRequest,
  UploadHostedKycDocumentResponse,
} from '@pp/proto/customers/v1/hosted_kyc'
import type { CustomersDeps } from '../domain/deps.js'
import { completeHostedKyc } from '../domain/kyc-links/complete-hosted-kyc.js'
import { getHostedSession } from '../domain/kyc-links/get-hosted-session.js'
import { addHostedOwner, saveHostedProfile, uploadHostedDocument } from '../domain/kyc-links/hosted-steps.js'
import { ownerInput, uploadInput, verificationErrorToProto } from './verification-mapping.js'

/**
 * Hosted calls carry no tenant: the link token names the customer (and only its hash is stored).
 * The resources on file answer as the API's JSON of their views, as through the API.
 */
export function hostedKycService(deps: CustomersDeps, logger: Logger): HostedKycServiceServer {
  return unaryService(logger, {
    async getHostedKycSession(request: GetHostedKycSessionRequest, ctx): Promise<GetHostedKycSessionResponse> {
      const session = await getHostedSession(deps, request.linkToken, ctx.requestId)
      return {
        session: {
          ...session,
          customerJson: session.customer && JSON.stringify(session.customer),
          beneficialOwnersJson: session.beneficialOwners.map((owner) => JSON.stringify(owner)),
          documentsJson: session.documents.map((document) => JSON.stringify(document)),
          missing: session.missing.map(verificationErrorToProto),
        },
      }
    },
    async saveHostedKycProfile(request: SaveHostedKycProfileRequest, ctx): Promise<SaveHostedKycProfileResponse> {
      await saveHostedProfile(deps, request.linkToken, ctx.requestId, request.profile ?? CustomerProfile.create())
      return {}
    },
    async addHostedKycBeneficialOwner(request: AddHostedKycBeneficialOwnerRequest, ctx): Promise<AddHostedKycBeneficialOwnerResponse> {
      const owner = await addHostedOwner(deps, request.linkToken, ctx.requestId, ownerInput(request.owner))
      return { beneficialOwnerId: owner.id }
    },
    async uploadHostedKycDocument(request: UploadHostedKycDocumentRequest, ctx): Promise<UploadHostedKycDocumentResponse> {
      await uploadHostedDocument(deps, request.linkToken, ctx.requestId, uploadInput(request.document))
      return {}
    },
    async completeHostedKyc(request: CompleteHostedKycRequest, ctx): Promise<CompleteHostedKycResponse> {
      const { verification, redirectUri } = await completeHostedKyc(deps, request.linkToken, ctx.requestId)
      return { verificationJson: JSON.stringify(verification), redirectUri }
    },
  })
}
