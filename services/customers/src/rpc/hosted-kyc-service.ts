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
import { customerToProto } from './mapping.js'
import {
  documentToProto,
  ownerInput,
  ownerToProto,
  uploadInput,
  verificationErrorToProto,
  verificationToProto,
} from './verification-mapping.js'

/** Hosted calls carry no tenant: the link token names the customer (and only its hash is stored). */
export function hostedKycService(deps: CustomersDeps, logger: Logger): HostedKycServiceServer {
  return unaryService(logger, {
    async getHostedKycSession(request: GetHostedKycSessionRequest, ctx): Promise<GetHostedKycSessionResponse> {
      const session = await getHostedSession(deps, request.linkToken, ctx.requestId)
      return {
        session: {
          ...session,
          customer: session.customer && customerToProto(session.customer),
          beneficialOwners: session.beneficialOwners.map(ownerToProto),
          documents: session.documents.map(documentToProto),
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
      return { beneficialOwner: ownerToProto(owner) }
    },
    async uploadHostedKycDocument(request: UploadHostedKycDocumentRequest, ctx): Promise<UploadHostedKycDocumentResponse> {
      const document = await uploadHostedDocument(deps, request.linkToken, ctx.requestId, uploadInput(request.document))
      return { document: documentToProto(document) }
    },
    async completeHostedKyc(request: CompleteHostedKycRequest, ctx): Promise<CompleteHostedKycResponse> {
      const { verification, redirectUri } = await completeHostedKyc(deps, request.linkToken, ctx.requestId)
      return { verification: verificationToProto(verification), redirectUri }
    },
  })
}
