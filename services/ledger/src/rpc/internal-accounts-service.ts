import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateRuleBasedInternalAccountRequest,
  CreateRuleBasedInternalAccountResponse,
  FundSandboxInternalAccountRequest,
  FundSandboxInternalAccountResponse,
  GetInternalAccountRequest,
  GetInternalAccountResponse,
  InternalAccountsServiceServer,
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
import { createRuleBasedAccount } from '../domain/internal-accounts/create-rule-based.js'
import { fundSandboxAccount } from '../domain/internal-accounts/fund-sandbox.js'
import { getInternalAccount } from '../domain/internal-accounts/get-internal-account.js'
import { listInternalAccounts, type AccountPage } from '../domain/internal-accounts/list-internal-accounts.js'
import { updateInternalAccount } from '../domain/internal-accounts/update-account.js'
import { updateInternalAccountStatus } from '../domain/internal-accounts/update-status.js'
import { accountToProto } from './internal-accounts-mapping.js'

const pageToProto = (page: AccountPage) => ({ ...page, data: page.data.map(accountToProto) })

/** ledger.v1.InternalAccountsService: each method maps its message, runs one use case, maps the answer. */
export function internalAccountsService(deps: LedgerDeps, logger: Logger): InternalAccountsServiceServer {
  return unaryService(logger, {
    async listCustomerInternalAccounts(request: ListCustomerInternalAccountsRequest, ctx): Promise<ListCustomerInternalAccountsResponse> {
      return pageToProto(await listInternalAccounts(deps, tenantFrom(ctx), { owner: 'CUSTOMER', ...request }))
    },
    async listPlatformInternalAccounts(request: ListPlatformInternalAccountsRequest, ctx): Promise<ListPlatformInternalAccountsResponse> {
      return pageToProto(await listInternalAccounts(deps, tenantFrom(ctx), { owner: 'PLATFORM', ...request }))
    },
    async getInternalAccount(request: GetInternalAccountRequest, ctx): Promise<GetInternalAccountResponse> {
      return { account: accountToProto(await getInternalAccount(deps, tenantFrom(ctx), request.accountId)) }
    },
    async createRuleBasedInternalAccount(
      request: CreateRuleBasedInternalAccountRequest,
      ctx,
    ): Promise<CreateRuleBasedInternalAccountResponse> {
      return { account: accountToProto(await createRuleBasedAccount(deps, callerOf(ctx), request, ctx.idempotencyKey)) }
    },
    async fundSandboxInternalAccount(request: FundSandboxInternalAccountRequest, ctx): Promise<FundSandboxInternalAccountResponse> {
      return { account: accountToProto(await fundSandboxAccount(deps, callerOf(ctx), request, ctx.idempotencyKey)) }
    },
    async updateInternalAccountStatus(request: UpdateInternalAccountStatusRequest, ctx): Promise<UpdateInternalAccountStatusResponse> {
      return { account: accountToProto(await updateInternalAccountStatus(deps, tenantFrom(ctx), request)) }
    },
    async updateInternalAccount(request: UpdateInternalAccountRequest, ctx): Promise<UpdateInternalAccountResponse> {
      return { account: accountToProto(await updateInternalAccount(deps, tenantFrom(ctx), request)) }
    },
  })
}
