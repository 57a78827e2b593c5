import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateRuleBasedInternalAccountRequest,
  CreateRuleBasedInternalAccountResponse,
  CreditCollectedPaymentRequest,
  CreditCollectedPaymentResponse,
  FundSandboxInternalAccountRequest,
  FundSandboxInternalAccountResponse,
  GetInternalAccountFactsRequest,
  GetInternalAccountFactsResponse,
  GetInternalAccountRequest,
  GetInternalAccountResponse,
  InternalAccountFacts as ProtoInternalAccountFacts,
  InternalAccountsServiceServer,
  ListCustomerInternalAccountFactsRequest,
  ListCustomerInternalAccountFactsResponse,
  ListCustomerInternalAccountsRequest,
  ListCustomerInternalAccountsResponse,
  ListPlatformInternalAccountsRequest,
  ListPlatformInternalAccountsResponse,
  UpdateInternalAccountRequest,
  UpdateInternalAccountResponse,
  UpdateInternalAccountStatusRequest,
  UpdateInternalAccountStatusResponse,
} from '@pp/proto/ledger/v1/internal_accounts'
import type { LedgerDeps } from '../domain/deps.js'
import { getInternalAccountFacts, listCustomerAccountFacts } from '../domain/internal-accounts/account-facts.js'
import { createRuleBasedAccount } from '../domain/internal-accounts/create-rule-based.js'
import { creditCollectedPayment } from '../domain/internal-accounts/credit-collected.js'
import { fundSandboxAccount } from '../domain/internal-accounts/fund-sandbox.js'
import { getInternalAccount } from '../domain/internal-accounts/get-internal-account.js'
import { listInternalAccounts } from '../domain/internal-accounts/list-internal-accounts.js'
import type { InternalAccountFacts } from '../domain/internal-accounts/types.js'
import { updateInternalAccount } from '../domain/internal-accounts/update-account.js'
import { updateInternalAccountStatus } from '../domain/internal-accounts/update-status.js'

const factsToProto = (facts: InternalAccountFacts): ProtoInternalAccountFacts => ({ ...facts, customerId: facts.customerId ?? undefined })

/**
 * ledger.v1.InternalAccountsService: each method maps its message and runs one use case. An
 * account answers as the API's JSON of its view, the text its webhooks carry too.
 */
export function internalAccountsService(deps: LedgerDeps, logger: Logger): InternalAccountsServiceServer {
  return unaryService(logger, {
    async listCustomerInternalAccounts(request: ListCustomerInternalAccountsRequest, ctx): Promise<ListCustomerInternalAccountsResponse> {
      return { pageJson: JSON.stringify(await listInternalAccounts(deps, tenantFrom(ctx), { owner: 'CUSTOMER', ...request })) }
    },
    async listPlatformInternalAccounts(request: ListPlatformInternalAccountsRequest, ctx): Promise<ListPlatformInternalAccountsResponse> {
      return { pageJson: JSON.stringify(await listInternalAccounts(deps, tenantFrom(ctx), { owner: 'PLATFORM', ...request })) }
    },
    async getInternalAccount(request: GetInternalAccountRequest, ctx): Promise<GetInternalAccountResponse> {
      return { accountJson: JSON.stringify(await getInternalAccount(deps, tenantFrom(ctx), request.accountId)) }
    },
    async getInternalAccountFacts(request: GetInternalAccountFactsRequest, ctx): Promise<GetInternalAccountFactsResponse> {
      return { facts: factsToProto(await getInternalAccountFacts(deps, tenantFrom(ctx), request.accountId)) }
    },
    async listCustomerInternalAccountFacts(
      request: ListCustomerInternalAccountFactsRequest,
      ctx,
    ): Promise<ListCustomerInternalAccountFactsResponse> {
      const accounts = await listCustomerAccountFacts(deps, tenantFrom(ctx), request.customerId, request.currency)
      return { accounts: accounts.map(factsToProto) }
    },
    async createRuleBasedInternalAccount(
      request: CreateRuleBasedInternalAccountRequest,
      ctx,
    ): Promise<CreateRuleBasedInternalAccountResponse> {
      return { accountJson: JSON.stringify(await createRuleBasedAccount(deps, callerOf(ctx), request, ctx.idempotencyKey)) }
    },
    async fundSandboxInternalAccount(request: FundSandboxInternalAccountRequest, ctx): Promise<FundSandboxInternalAccountResponse> {
      return { accountJson: JSON.stringify(await fundSandboxAccount(deps, callerOf(ctx), request, ctx.idempotencyKey)) }
    },
    async creditCollectedPayment(request: CreditCollectedPaymentRequest): Promise<CreditCollectedPaymentResponse> {
      const { accountId, platformId, environment } = await creditCollectedPayment(deps, request)
      return { accountId, platformId, environment }
    },
    async updateInternalAccountStatus(request: UpdateInternalAccountStatusRequest, ctx): Promise<UpdateInternalAccountStatusResponse> {
      return { accountJson: JSON.stringify(await updateInternalAccountStatus(deps, tenantFrom(ctx), request)) }
    },
    async updateInternalAccount(request: UpdateInternalAccountRequest, ctx): Promise<UpdateInternalAccountResponse> {
      return { accountJson: JSON.stringify(await updateInternalAccount(deps, tenantFrom(ctx), request)) }
    },
  })
}
