import { tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type { IssuedTokensServiceServer, OpenIssuedTokenAccountsRequest, OpenIssuedTokenAccountsResponse } from '@pp/proto/ledger/v1/issued_tokens'
import type { LedgerDeps } from '../domain/deps.js'
import { openIssuedTokenAccounts } from '../domain/issued-tokens/open-accounts.js'

/** ledger.v1.IssuedTokensService: the accounts of the tokens platforms issue. */
export function issuedTokensService(deps: LedgerDeps, logger: Logger): IssuedTokensServiceServer {
  return unaryService(logger, {
    async openIssuedTokenAccounts(request: OpenIssuedTokenAccountsRequest, ctx): Promise<OpenIssuedTokenAccountsResponse> {
      return openIssuedTokenAccounts(deps, tenantFrom(ctx), request.accountId, request.currency)
    },
  })
}
