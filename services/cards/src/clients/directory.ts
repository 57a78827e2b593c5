import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { Directory } from '../domain/deps.js'
import { tenantOf } from '../domain/types.js'

export interface GrpcDirectory extends Directory {
  close(): void
}

/** The cardholder from the customers service and the accounts from the ledger, which own them. */
export function grpcDirectory(addresses: { customers: string; ledger: string }): GrpcDirectory {
  const customers = createGrpcClient(CustomersServiceClient, addresses.customers)
  const accounts = createGrpcClient(InternalAccountsServiceClient, addresses.ledger)
  return {
    async cardholder(caller, customerId) {
      const { facts } = await callUnary(customers, customers.getCustomerFacts, { customerId }, { ...tenantOf(caller), requestId: caller.requestId })
      if (!facts) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`)
      return { id: facts.id, platformCustomerId: facts.platformCustomerId ?? '', verificationStatus: facts.verificationStatus, isDeleted: facts.isDeleted }
    },
    async account(origin, accountId) {
      try {
        const { facts } = await callUnary(accounts, accounts.getInternalAccountFacts, { accountId }, { ...tenantOf(origin), requestId: origin.requestId })
        return facts && { id: facts.id, customerId: facts.customerId, type: facts.type, status: facts.status, currency: facts.currency, canFundCard: facts.canFundCard }
      } catch (err) {
        if (err instanceof ApiError && err.code === 'ACCOUNT_NOT_FOUND') return undefined
        throw err
      }
    },
    close() {
      customers.close()
      accounts.close()
    },
  }
}
