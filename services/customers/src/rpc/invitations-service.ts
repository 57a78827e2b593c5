import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CancelInvitationRequest,
  CancelInvitationResponse,
  ClaimInvitationRequest,
  ClaimInvitationResponse,
  CreateInvitationRequest,
  CreateInvitationResponse,
  GetInvitationRequest,
  GetInvitationResponse,
  InvitationsServiceServer,
} from '@pp/proto/customers/v1/invitations'
import type { CustomersDeps } from '../domain/deps.js'
import { createInvitation } from '../domain/invitations/create-invitation.js'
import { cancelInvitation, claimInvitation, getInvitation } from '../domain/invitations/settle-invitation.js'

/** An invitation answers as the API's UmaInvitation JSON, the text its INVITATION.CLAIMED webhook carries too. */
export function invitationsService(deps: CustomersDeps, logger: Logger): InvitationsServiceServer {
  const answer = (view: unknown) => ({ invitationJson: JSON.stringify(view) })
  return unaryService(logger, {
    async createInvitation(request: CreateInvitationRequest, ctx): Promise<CreateInvitationResponse> {
      return answer(await createInvitation(deps, callerOf(ctx), request))
    },
    async getInvitation(request: GetInvitationRequest, ctx): Promise<GetInvitationResponse> {
      return answer(await getInvitation(deps, callerOf(ctx), request.code))
    },
    async claimInvitation(request: ClaimInvitationRequest, ctx): Promise<ClaimInvitationResponse> {
      return answer(await claimInvitation(deps, callerOf(ctx), request))
    },
    async cancelInvitation(request: CancelInvitationRequest, ctx): Promise<CancelInvitationResponse> {
      return answer(await cancelInvitation(deps, callerOf(ctx), request.code))
    },
  })
}
