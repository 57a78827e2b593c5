import { callUnary, createGrpcClient } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceClient, type InternalAccount } from '@pp/proto/ledger/v1/internal_accounts'
import { LedgerServiceClient, TransferCode, type TransferLeg } from '@pp/proto/ledger/v1/ledger'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { CustomerFacts, ExternalAccountFacts, InternalAccountFacts, PlatformFacts } from '../domain/types.js'

/**
 * The other services payments depends on, reduced to the questions it asks them. Money moves only
 * through the ledger; every transfer id is an idempotency key there.
 */
export interface Services {
  internalAccount(ctx: Caller, accountId: string): Promise<InternalAccountFacts>
  /** The customer's internal accounts in `currency`. */
  customerAccounts(ctx: Caller, customerId: string, currency: string): Promise<InternalAccount[]>
  /** 404 ACCOUNT_NOT_FOUND, 409 BANK_ACCOUNT_VALIDATION_PENDING, 400 INVALID_BANK_ACCOUNT. */
  usableExternalAccount(ctx: Caller, accountId: string): Promise<ExternalAccountFacts>
  customer(ctx: Caller, customerId: string): Promise<CustomerFacts>
  platform(ctx: Caller): Promise<PlatformFacts>
  hold(ctx: Caller, transferId: string, legs: TransferLeg[]): Promise<void>
  /** A hold posted in full at once (one ledger transaction); both ids stay idempotency keys. */
  holdAndPost(ctx: Caller, transferId: string, postTransferId: string, legs: TransferLeg[]): Promise<void>
  post(ctx: Caller, transferId: string, pendingId: string): Promise<void>
  release(ctx: Caller, transferId: string, pendingId: string): Promise<void>
  transfer(ctx: Caller, transferId: string, code: TransferCode, legs: TransferLeg[]): Promise<void>
  close(): void
}

export interface ServiceAddresses {
  ledger: string
  customers: string
  platform: string
}

/** Services that never answer within this many milliseconds are reported as a failure of the call. */
const DEADLINE_MS = 10_000

export function grpcServices(addresses: ServiceAddresses): Services {
  const ledger = createGrpcClient(LedgerServiceClient, addresses.ledger)
  const internal = createGrpcClient(InternalAccountsServiceClient, addresses.ledger)
  const external = createGrpcClient(ExternalAccountsServiceClient, addresses.ledger)
  const customers = createGrpcClient(CustomersServiceClient, addresses.customers)
  const platforms = createGrpcClient(PlatformServiceClient, addresses.platform)
  return {
    async internalAccount(ctx, accountId) {
      const { account } = await callUnary(internal, internal.getInternalAccount, { accountId }, ctx, DEADLINE_MS)
      return { id: account!.id, type: account!.type, currency: account!.balance?.currency?.code ?? '', customerId: account!.customerId }
    },
    async customerAccounts(ctx, customerId, currency) {
      const page = await callUnary(internal, internal.listCustomerInternalAccounts, { customerId, currency, limit: 100 }, ctx, DEADLINE_MS)
      return page.data
    },
    async usableExternalAccount(ctx, accountId) {
      const answer = await callUnary(external, external.checkExternalAccountUsable, { externalAccountId: accountId }, ctx, DEADLINE_MS)
      return { account: answer.externalAccount!, isOwnershipVerified: answer.isOwnershipVerified }
    },
    async customer(ctx, customerId) {
      const { customer } = await callUnary(customers, customers.getCustomer, { customerId }, ctx, DEADLINE_MS)
      return {
        id: customer!.id,
        platformCustomerId: customer!.profile?.platformCustomerId ?? '',
        agreementTypes: customer!.agreementConsents.map((c) => c.type),
      }
    },
    async platform(ctx) {
      const { config } = await callUnary(platforms, platforms.getPlatformConfig, {}, ctx, DEADLINE_MS)
      return {
        isRegulatedFinancialInstitution: config?.isRegulatedFinancialInstitution ?? false,
        feeConfigs: (config?.feeConfigs ?? []).map((f) => ({
          feeType: f.feeType,
          sourceCurrency: f.sourceCurrency,
          variableFeeBps: f.variableFeeBps,
          fixedFee: f.fixedFee?.amount ?? 0n,
        })),
      }
    },
    async hold(ctx, transferId, legs) {
      await callUnary(ledger, ledger.createPendingTransfer, { transferId, code: TransferCode.TRANSFER_CODE_PAYMENT, legs }, ctx, DEADLINE_MS)
    },
    async holdAndPost(ctx, transferId, postTransferId, legs) {
      const request = { transferId, postTransferId, code: TransferCode.TRANSFER_CODE_PAYMENT, legs }
      await callUnary(ledger, ledger.createPendingTransfer, request, ctx, DEADLINE_MS)
    },
    async post(ctx, transferId, pendingId) {
      await callUnary(ledger, ledger.postPendingTransfer, { transferId, pendingId }, ctx, DEADLINE_MS)
    },
    async release(ctx, transferId, pendingId) {
      await callUnary(ledger, ledger.voidPendingTransfer, { transferId, pendingId }, ctx, DEADLINE_MS)
    },
    async transfer(ctx, transferId, code, legs) {
      await callUnary(ledger, ledger.createTransfer, { transferId, code, legs }, ctx, DEADLINE_MS)
    },
    close() {
      for (const client of [ledger, internal, external, customers, platforms]) client.close()
    },
  }
}
