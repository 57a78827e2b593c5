import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import type { CustomerDirectory, CustomerFacts } from '../domain/external-accounts/customer-directory.js'
import type { Caller } from '../domain/types.js'

export interface CustomerDirectoryClient extends CustomerDirectory {
  close(): void
}

/**
 * Asks the customers service, which owns customers, whether a customer exists: a synchronous
 * read, so an account made right after its customer never races the customer's event.
 */
export function customerDirectoryClient(address: string): CustomerDirectoryClient {
  const client = createGrpcClient(CustomersServiceClient, address)
  return {
    async findCustomer(caller: Caller, customerId: string): Promise<CustomerFacts | undefined> {
      try {
        const { facts } = await callUnary(client, client.getCustomerFacts, { customerId }, caller)
        return facts && { isDeleted: facts.isDeleted, jurisdiction: facts.jurisdiction || undefined }
      } catch (err) {
        if (err instanceof ApiError && err.code === 'CUSTOMER_NOT_FOUND') return undefined
        throw err
      }
    },
    close: () => client.close(),
  }
}
