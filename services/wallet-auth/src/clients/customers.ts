import { callUnary, createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import type { CustomerContacts } from '../domain/deps.js'
import { tenantOf, type CustomerContact, type Origin } from '../domain/types.js'

export interface CustomersContactsClient extends CustomerContacts {
  close(): void
}

/** Reads a wallet owner's email and phone number from the customers service, which owns them. */
export function customersContacts(address: string): CustomersContactsClient {
  const client = createGrpcClient(CustomersServiceClient, address)
  return {
    async contactOf(origin: Origin, customerId: string): Promise<CustomerContact> {
      const { facts } = await callUnary(client, client.getCustomerFacts, { customerId }, { ...tenantOf(origin), requestId: origin.requestId })
      return { email: facts?.email, phoneNumber: facts?.phoneNumber }
    },
    close: () => client.close(),
  }
}
