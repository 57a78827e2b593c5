import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { ScaServiceClient } from '@pp/proto/customers/v1/sca'
import type { CustomerDirectory, CustomerFacts, ScaChallengeView } from '../domain/external-accounts/customer-directory.js'
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
  const sca = createGrpcClient(ScaServiceClient, address)
  return {
    async findCustomer(caller: Caller, customerId: string): Promise<CustomerFacts | undefined> {
      try {
        const { facts } = await callUnary(client, client.getCustomerFacts, { customerId }, caller)
        return facts && { isDeleted: facts.isDeleted }
      } catch (err) {
        if (err instanceof ApiError && err.code === 'CUSTOMER_NOT_FOUND') return undefined
        throw err
      }
    },
    async issueScaChallenge(caller, customerId, reference) {
      const { challengeJson } = await callUnary(sca, sca.issueScaChallenge, { customerId, reference, purpose: 'BENEFICIARY' }, caller)
      const challenge = JSON.parse(challengeJson) as Omit<ScaChallengeView, 'expiresAt'> & { expiresAt: string }
      return { id: challenge.id, expiresAt: new Date(challenge.expiresAt), factor: challenge.factor, availableFactors: challenge.availableFactors }
    },
    async authorizeScaChallenge(caller, customerId, reference, { challengeId: _informational, ...proof }) {
      await callUnary(sca, sca.authorizeScaChallenge, { customerId, reference, proof }, caller)
    },
    close: () => {
      client.close()
      sca.close()
    },
  }
}
