import { invalidInput } from '@pp/errors'
import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CheckExternalAccountUsableRequest,
  CheckExternalAccountUsableResponse,
  ConfirmBeneficiaryTrustRequest,
  ConfirmBeneficiaryTrustResponse,
  ConfirmBeneficiaryUntrustRequest,
  ConfirmBeneficiaryUntrustResponse,
  CreateExternalAccountRequest,
  CreateExternalAccountResponse,
  CreateOwnershipChallengeRequest,
  CreateOwnershipChallengeResponse,
  DeleteExternalAccountRequest,
  DeleteExternalAccountResponse,
  ExternalAccountsServiceServer,
  GetExternalAccountRequest,
  GetExternalAccountResponse,
  GetPayoutBankDetailsRequest,
  GetPayoutBankDetailsResponse,
  RecordAchValidationRequest,
  RecordAchValidationResponse,
  ListExternalAccountsRequest,
  ListExternalAccountsResponse,
  StartBeneficiaryTrustRequest,
  StartBeneficiaryTrustResponse,
  StartBeneficiaryUntrustRequest,
  StartBeneficiaryUntrustResponse,
  VerifyOwnershipRequest,
  VerifyOwnershipResponse,
} from '@pp/proto/ledger/v1/external_accounts'
import { confirmTrustChange, startTrustChange } from '../domain/external-accounts/beneficiary-trust.js'
import { createExternalAccount } from '../domain/external-accounts/create-external-account.js'
import { deleteExternalAccount } from '../domain/external-accounts/delete-external-account.js'
import type { ExternalAccountsDeps } from '../domain/external-accounts/deps.js'
import { createOwnershipChallenge, verifyOwnership } from '../domain/external-accounts/ownership.js'
import { getPayoutBankDetails } from '../domain/external-accounts/payout-bank-details.js'
import { recordAchValidation, type AchValidationOutcome } from '../domain/external-accounts/record-ach-validation.js'
import { checkExternalAccountUsable, getExternalAccount, listExternalAccounts } from '../domain/external-accounts/read-external-accounts.js'
import { createInputFromProto, externalAccountFacts } from './external-accounts-mapping.js'

/**
 * ledger.v1.ExternalAccountsService: each method maps its message and runs one use case. An
 * account answers as the API's JSON of its view, the text its webhooks carry too.
 */
export function externalAccountsService(deps: ExternalAccountsDeps, logger: Logger): ExternalAccountsServiceServer {
  return unaryService(logger, {
    async createExternalAccount(request: CreateExternalAccountRequest, ctx): Promise<CreateExternalAccountResponse> {
      const account = await createExternalAccount(deps, callerOf(ctx), createInputFromProto(request), ctx.idempotencyKey)
      return { externalAccountJson: JSON.stringify(account) }
    },
    async getExternalAccount(request: GetExternalAccountRequest, ctx): Promise<GetExternalAccountResponse> {
      const account = await getExternalAccount(deps, tenantFrom(ctx), request.ownerKind, request.externalAccountId, request.customerId)
      return { externalAccountJson: JSON.stringify(account) }
    },
    async listExternalAccounts(request: ListExternalAccountsRequest, ctx): Promise<ListExternalAccountsResponse> {
      return { pageJson: JSON.stringify(await listExternalAccounts(deps, tenantFrom(ctx), request, ctx.logger)) }
    },
    async deleteExternalAccount(request: DeleteExternalAccountRequest, ctx): Promise<DeleteExternalAccountResponse> {
      await deleteExternalAccount(deps, tenantFrom(ctx), request.ownerKind, request.externalAccountId, request.customerId)
      return {}
    },
    async startBeneficiaryTrust(request: StartBeneficiaryTrustRequest, ctx): Promise<StartBeneficiaryTrustResponse> {
      return { scaChallenge: await startTrustChange(deps, callerOf(ctx), request.externalAccountId, 'TRUST') }
    },
    async confirmBeneficiaryTrust(request: ConfirmBeneficiaryTrustRequest, ctx): Promise<ConfirmBeneficiaryTrustResponse> {
      return { trusted: await confirmTrustChange(deps, callerOf(ctx), request.externalAccountId, 'TRUST', request.proof ?? {}) }
    },
    async startBeneficiaryUntrust(request: StartBeneficiaryUntrustRequest, ctx): Promise<StartBeneficiaryUntrustResponse> {
      return { scaChallenge: await startTrustChange(deps, callerOf(ctx), request.externalAccountId, 'UNTRUST') }
    },
    async confirmBeneficiaryUntrust(request: ConfirmBeneficiaryUntrustRequest, ctx): Promise<ConfirmBeneficiaryUntrustResponse> {
      return { trusted: await confirmTrustChange(deps, callerOf(ctx), request.externalAccountId, 'UNTRUST', request.proof ?? {}) }
    },
    async createOwnershipChallenge(request: CreateOwnershipChallengeRequest, ctx): Promise<CreateOwnershipChallengeResponse> {
      const input = { ownerKind: request.ownerKind, id: request.externalAccountId, method: request.method }
      return createOwnershipChallenge(deps, tenantFrom(ctx), input)
    },
    async verifyOwnership(request: VerifyOwnershipRequest, ctx): Promise<VerifyOwnershipResponse> {
      const input = { ownerKind: request.ownerKind, id: request.externalAccountId, signature: request.signature }
      return { externalAccountJson: JSON.stringify(await verifyOwnership(deps, tenantFrom(ctx), input)) }
    },
    async checkExternalAccountUsable(request: CheckExternalAccountUsableRequest, ctx): Promise<CheckExternalAccountUsableResponse> {
      return { facts: externalAccountFacts(await checkExternalAccountUsable(deps, tenantFrom(ctx), request.externalAccountId)) }
    },
    async getPayoutBankDetails(request: GetPayoutBankDetailsRequest, ctx): Promise<GetPayoutBankDetailsResponse> {
      return getPayoutBankDetails(deps, tenantFrom(ctx), request.externalAccountId)
    },
    async recordAchValidation(request: RecordAchValidationRequest, ctx): Promise<RecordAchValidationResponse> {
      const outcome = achOutcomeOf(request.outcome)
      return { status: await recordAchValidation(deps, tenantFrom(ctx), request.externalAccountId, outcome, logger) }
    },
  })
}

function achOutcomeOf(outcome: string): AchValidationOutcome {
  if (outcome === 'VALIDATED' || outcome === 'FAILED') return outcome
  throw invalidInput([{ field: 'outcome', message: 'must be VALIDATED or FAILED' }])
}
