import { callerOf, unaryService, type ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import {
  PaymentsCatalogServiceService,
  type EstimateCryptoWithdrawalFeeRequest,
  type EstimateCryptoWithdrawalFeeResponse,
  type GetExchangeRatesRequest,
  type GetExchangeRatesResponse,
  type ListDiscoveriesRequest,
  type ListDiscoveriesResponse,
  type ListUmaProvidersRequest,
  type ListUmaProvidersResponse,
  type ListVaspsRequest,
  type ListVaspsResponse,
  type LookupExternalAccountRequest,
  type LookupExternalAccountResponse,
  type LookupUmaRequest,
  type LookupUmaResponse,
} from '@pp/proto/payments/v1/catalog'
import type { CatalogDeps } from '../domain/catalog/deps.js'
import { estimateWithdrawalFee } from '../domain/catalog/estimate-withdrawal-fee.js'
import { getExchangeRates } from '../domain/catalog/exchange-rates.js'
import { listDiscoveries, listUmaProviders, listVasps } from '../domain/catalog/list-directories.js'
import { lookupExternalAccount, lookupUma } from '../domain/catalog/receiver-lookups.js'
import { exchangeRateToProto, receiverLookupToProto, umaProviderToProto } from './catalog-mapping.js'

const sortOrderOf = (value: string | undefined): 'asc' | 'desc' => (value === 'asc' ? 'asc' : 'desc')

/** payments.v1.PaymentsCatalogService: each method maps its message, runs one use case, maps the answer. */
function catalogService(deps: CatalogDeps, logger: Logger) {
  return unaryService(logger, {
    async getExchangeRates(request: GetExchangeRatesRequest, ctx): Promise<GetExchangeRatesResponse> {
      return { data: (await getExchangeRates(deps, callerOf(ctx), request)).map(exchangeRateToProto) }
    },
    async listDiscoveries(request: ListDiscoveriesRequest, ctx): Promise<ListDiscoveriesResponse> {
      return { data: await listDiscoveries(deps, callerOf(ctx), request) }
    },
    async listUmaProviders(request: ListUmaProvidersRequest, ctx): Promise<ListUmaProvidersResponse> {
      const filter = { ...request, includeBlocked: request.hasBlockedProviders ?? true }
      const page = { limit: request.limit, cursor: request.cursor, order: sortOrderOf(request.sortOrder) }
      const found = await listUmaProviders(deps, callerOf(ctx), filter, page)
      return { ...found, data: found.data.map(umaProviderToProto) }
    },
    async listVasps(request: ListVaspsRequest, ctx): Promise<ListVaspsResponse> {
      const { data, hasMore, nextCursor } = await listVasps(deps, callerOf(ctx), request)
      return { data, hasMore, nextCursor }
    },
    async estimateCryptoWithdrawalFee(request: EstimateCryptoWithdrawalFeeRequest, ctx): Promise<EstimateCryptoWithdrawalFeeResponse> {
      return estimateWithdrawalFee(deps, callerOf(ctx), request)
    },
    async lookupUma(request: LookupUmaRequest, ctx): Promise<LookupUmaResponse> {
      const found = await lookupUma(deps, callerOf(ctx), request.receiverUmaAddress, request)
      return { lookup: receiverLookupToProto(found), receiverUmaAddress: found.receiverUmaAddress }
    },
    async lookupExternalAccount(request: LookupExternalAccountRequest, ctx): Promise<LookupExternalAccountResponse> {
      const found = await lookupExternalAccount(deps, callerOf(ctx), request.accountId, request)
      return { lookup: receiverLookupToProto(found), accountId: found.accountId }
    },
  })
}

/** The catalogue's registration for the payments gRPC server, beside the quotes service's. */
export const catalogServiceRegistration = (deps: CatalogDeps, logger: Logger): ServiceRegistration => ({
  name: 'payments.v1.PaymentsCatalogService',
  definition: PaymentsCatalogServiceService,
  implementation: catalogService(deps, logger),
})
