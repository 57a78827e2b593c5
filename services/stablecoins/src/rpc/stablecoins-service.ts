import { ApiError } from '@pp/errors'
import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateBurnRequest,
  CreateBurnResponse,
  CreateMintRequest,
  CreateMintResponse,
  GetOperationRequest,
  GetOperationResponse,
  GetProviderAccountRequest,
  GetProviderAccountResponse,
  GetStablecoinRequest,
  GetStablecoinResponse,
  LinkProviderAccountRequest,
  LinkProviderAccountResponse,
  ListOperationsRequest,
  ListOperationsResponse,
  ListProviderAccountsRequest,
  ListProviderAccountsResponse,
  ListStablecoinsRequest,
  ListStablecoinsResponse,
  RegisterStablecoinRequest,
  RegisterStablecoinResponse,
  RequestServiceEnablementRequest,
  RequestServiceEnablementResponse,
  StablecoinsServiceServer,
} from '@pp/proto/stablecoins/v1/stablecoins'
import type { StablecoinsDeps } from '../domain/deps.js'
import { requestServiceEnablement } from '../domain/enablement.js'
import { createBurn } from '../domain/operations/create-burn.js'
import { createMint } from '../domain/operations/create-mint.js'
import { getOperation, listOperations } from '../domain/operations/read-operations.js'
import { getProviderAccount, linkProviderAccount, listProviderAccounts } from '../domain/provider-accounts.js'
import { getStablecoin, listStablecoins, registerStablecoin } from '../domain/stablecoins.js'

const required = <T>(value: T | undefined, field: string): T => {
  if (value === undefined) throw new ApiError('INVALID_INPUT', `${field} is required`, { errors: [{ field, message: 'is required' }] })
  return value
}

/**
 * stablecoins.v1.StablecoinsService: each method maps its message and runs one use case; a
 * resource answers as the API's JSON of its view.
 */
export function stablecoinsService(deps: StablecoinsDeps, logger: Logger): StablecoinsServiceServer {
  return unaryService(logger, {
    async linkProviderAccount(request: LinkProviderAccountRequest, ctx): Promise<LinkProviderAccountResponse> {
      return { providerAccountJson: JSON.stringify(await linkProviderAccount(deps, callerOf(ctx), request)) }
    },
    async listProviderAccounts(request: ListProviderAccountsRequest, ctx): Promise<ListProviderAccountsResponse> {
      return { pageJson: JSON.stringify(await listProviderAccounts(deps, tenantFrom(ctx), request)) }
    },
    async getProviderAccount(request: GetProviderAccountRequest, ctx): Promise<GetProviderAccountResponse> {
      return { providerAccountJson: JSON.stringify(await getProviderAccount(deps, tenantFrom(ctx), request.providerAccountId)) }
    },
    async registerStablecoin(request: RegisterStablecoinRequest, ctx): Promise<RegisterStablecoinResponse> {
      return { stablecoinJson: JSON.stringify(await registerStablecoin(deps, callerOf(ctx), request)) }
    },
    async listStablecoins(request: ListStablecoinsRequest, ctx): Promise<ListStablecoinsResponse> {
      return { pageJson: JSON.stringify(await listStablecoins(deps, tenantFrom(ctx), request)) }
    },
    async getStablecoin(request: GetStablecoinRequest, ctx): Promise<GetStablecoinResponse> {
      return { stablecoinJson: JSON.stringify(await getStablecoin(deps, tenantFrom(ctx), request.stablecoinId)) }
    },
    async requestServiceEnablement(request: RequestServiceEnablementRequest, ctx): Promise<RequestServiceEnablementResponse> {
      return { stablecoinJson: JSON.stringify(await requestServiceEnablement(deps, callerOf(ctx), request.stablecoinId)) }
    },
    async createMint(request: CreateMintRequest, ctx): Promise<CreateMintResponse> {
      const input = { ...request, fundingSource: required(request.fundingSource, 'fundingSource') }
      return { operationJson: JSON.stringify(await createMint(deps, callerOf(ctx), input)) }
    },
    async createBurn(request: CreateBurnRequest, ctx): Promise<CreateBurnResponse> {
      const input = { ...request, source: required(request.source, 'source'), destination: required(request.destination, 'destination') }
      return { operationJson: JSON.stringify(await createBurn(deps, callerOf(ctx), input)) }
    },
    async listOperations(request: ListOperationsRequest, ctx): Promise<ListOperationsResponse> {
      return { pageJson: JSON.stringify(await listOperations(deps, tenantFrom(ctx), request)) }
    },
    async getOperation(request: GetOperationRequest, ctx): Promise<GetOperationResponse> {
      return { operationJson: JSON.stringify(await getOperation(deps, tenantFrom(ctx), request.operationId)) }
    },
  })
}
