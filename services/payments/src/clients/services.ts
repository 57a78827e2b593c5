import { isApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { LedgerServiceClient } from '@pp/proto/ledger/v1/ledger'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { Services } from '../domain/deps.js'
import { toTransferLegs, TRANSFER_CODES } from './ledger-mapping.js'
import { scaGate } from './sca.js'
import { quoteExecuteBinding } from './wallet-signing.js'

export interface ServiceAddresses {
  ledger: string
  customers: string
  platform: string
  walletAuth: string
}

/** Services that never answer within this many milliseconds are reported as a failure of the call. */
const DEADLINE_MS = 10_000

export function grpcServices(addresses: ServiceAddresses): Services {
  const ledger = createGrpcClient(LedgerServiceClient, addresses.ledger)
  const internal = createGrpcClient(InternalAccountsServiceClient, addresses.ledger)
  const external = createGrpcClient(ExternalAccountsServiceClient, addresses.ledger)
  const customers = createGrpcClient(CustomersServiceClient, addresses.customers)
  const platforms = createGrpcClient(PlatformServiceClient, addresses.platform)
  const sca = scaGate(addresses.customers)
  const walletAuth = createGrpcClient(WalletAuthServiceClient, addresses.walletAuth)
  return {
    sca,
    async internalAccount(ctx, accountId) {
      const { facts } = await callUnary(internal, internal.getInternalAccountFacts, { accountId }, ctx, DEADLINE_MS)
      return facts!
    },
    async customerAccounts(ctx, customerId, currency) {
      const { accounts } = await callUnary(internal, internal.listCustomerInternalAccountFacts, { customerId, currency }, ctx, DEADLINE_MS)
      return accounts
    },
    async usableExternalAccount(ctx, accountId) {
      const { facts } = await callUnary(external, external.checkExternalAccountUsable, { externalAccountId: accountId }, ctx, DEADLINE_MS)
      // what is left besides id, owner, currency and ownership is how the account is reached: its rails and identifiers
      const { id: _id, customerId, currency, isOwnershipVerified, ...accountInfo } = facts!
      return { account: { currency, customerId, accountInfo }, isOwnershipVerified }
    },
    async payoutBankDetails(ctx, accountId) {
      const details = await callUnary(external, external.getPayoutBankDetails, { externalAccountId: accountId }, ctx, DEADLINE_MS)
      return { ...details, accountKind: details.accountKind === 'SAVINGS' ? 'SAVINGS' : 'CHECKING', beneficiaryType: details.beneficiaryType === 'BUSINESS' ? 'BUSINESS' : 'INDIVIDUAL' }
    },
    async recordAchValidation(ctx, accountId, outcome, returnCode) {
      await callUnary(external, external.recordAchValidation, { externalAccountId: accountId, outcome, returnCode }, ctx, DEADLINE_MS)
    },
    async creditCollectedPayment(payment) {
      try {
        await callUnary(internal, internal.creditCollectedPayment, payment, {}, DEADLINE_MS)
        return {}
      } catch (err) {
        // the ledger's answer about this credit (4xx) is the operator's to act on; an outage is retried with the file
        if (isApiError(err) && err.status < 500) return { refused: `${err.code}: ${err.message}` }
        throw err
      }
    },
    async customer(ctx, customerId) {
      const { facts } = await callUnary(customers, customers.getCustomerFacts, { customerId }, ctx, DEADLINE_MS)
      return { id: facts!.id, platformCustomerId: facts!.platformCustomerId ?? '', agreementTypes: facts!.agreementTypes, isScaRequired: facts!.scaRequired }
    },
    async platform(ctx) {
      const { facts } = await callUnary(platforms, platforms.getPlatformFacts, {}, ctx, DEADLINE_MS)
      return {
        isRegulatedFinancialInstitution: facts?.isRegulatedFinancialInstitution ?? false,
        feeConfigs: (facts?.feeConfigs ?? []).map((f) => ({
          feeType: f.feeType,
          sourceCurrency: f.sourceCurrency,
          variableFeeBps: f.variableFeeBps,
          fixedFee: f.fixedFee?.amount ?? 0n,
        })),
      }
    },
    async hold(ctx, transferId, legs) {
      await callUnary(ledger, ledger.createPendingTransfer, { transferId, code: TRANSFER_CODES.PAYMENT, legs: toTransferLegs(legs) }, ctx, DEADLINE_MS)
    },
    async holdAndPost(ctx, transferId, postTransferId, legs) {
      const request = { transferId, postTransferId, code: TRANSFER_CODES.PAYMENT, legs: toTransferLegs(legs) }
      await callUnary(ledger, ledger.createPendingTransfer, request, ctx, DEADLINE_MS)
    },
    async post(ctx, transferId, pendingId) {
      await callUnary(ledger, ledger.postPendingTransfer, { transferId, pendingId }, ctx, DEADLINE_MS)
    },
    async release(ctx, transferId, pendingId) {
      await callUnary(ledger, ledger.voidPendingTransfer, { transferId, pendingId }, ctx, DEADLINE_MS)
    },
    async beginQuoteSigning(ctx, walletAccountId, quoteId) {
      const { challenge } = await callUnary(walletAuth, walletAuth.beginSignedRequest, quoteExecuteBinding(walletAccountId, quoteId), ctx, DEADLINE_MS)
      return { payloadToSign: challenge!.payloadToSign, requestId: challenge!.requestId }
    },
    async transfer(ctx, transferId, code, legs) {
      await callUnary(ledger, ledger.createTransfer, { transferId, code: TRANSFER_CODES[code], legs: toTransferLegs(legs) }, ctx, DEADLINE_MS)
    },
    close() {
      for (const client of [ledger, internal, external, customers, platforms, sca, walletAuth]) client.close()
    },
  }
}
