import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  BeneficialOwnersServiceServer,
  CreateBeneficialOwnerRequest,
  CreateBeneficialOwnerResponse,
  GetBeneficialOwnerRequest,
  GetBeneficialOwnerResponse,
  ListBeneficialOwnersRequest,
  ListBeneficialOwnersResponse,
  UpdateBeneficialOwnerRequest,
  UpdateBeneficialOwnerResponse,
} from '@pp/proto/customers/v1/beneficial_owners'
import { createBeneficialOwner } from '../domain/beneficial-owners/create-beneficial-owner.js'
import { getBeneficialOwner } from '../domain/beneficial-owners/get-beneficial-owner.js'
import { listBeneficialOwners } from '../domain/beneficial-owners/list-beneficial-owners.js'
import { updateBeneficialOwner } from '../domain/beneficial-owners/update-beneficial-owner.js'
import type { CustomersDeps } from '../domain/deps.js'
import { ownerInput } from './verification-mapping.js'

/** An owner, or a page of them, answers as the API's JSON of its view. */
export function beneficialOwnersService(deps: CustomersDeps, logger: Logger): BeneficialOwnersServiceServer {
  return unaryService(logger, {
    async createBeneficialOwner(request: CreateBeneficialOwnerRequest, ctx): Promise<CreateBeneficialOwnerResponse> {
      const owner = await createBeneficialOwner(deps, callerOf(ctx), request.customerId, ownerInput(request.owner))
      return { beneficialOwnerJson: JSON.stringify(owner) }
    },
    async getBeneficialOwner(request: GetBeneficialOwnerRequest, ctx): Promise<GetBeneficialOwnerResponse> {
      return { beneficialOwnerJson: JSON.stringify(await getBeneficialOwner(deps, callerOf(ctx), request.beneficialOwnerId)) }
    },
    async listBeneficialOwners(request: ListBeneficialOwnersRequest, ctx): Promise<ListBeneficialOwnersResponse> {
      return { pageJson: JSON.stringify(await listBeneficialOwners(deps, callerOf(ctx), request)) }
    },
    async updateBeneficialOwner(request: UpdateBeneficialOwnerRequest, ctx): Promise<UpdateBeneficialOwnerResponse> {
      const owner = await updateBeneficialOwner(deps, callerOf(ctx), request.beneficialOwnerId, ownerInput(request.changes))
      return { beneficialOwnerJson: JSON.stringify(owner) }
    },
  })
}
