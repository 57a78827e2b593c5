import { ApiError } from '@pp/errors'
import type { Caller } from '../types.js'
import type { CustomerFacts } from './customer-directory.js'
import type { ExternalAccountsDeps } from './deps.js'

/** The customer behind a customer-owned account: 404 when the tenant has none, 410 once deleted. */
export async function assertLiveCustomer(deps: ExternalAccountsDeps, caller: Caller, customerId: string): Promise<CustomerFacts> {
  const customer = await deps.customers.findCustomer(caller, customerId)
  if (!customer) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`, { customerId })
  if (customer.isDeleted) throw new ApiError('CUSTOMER_DELETED', `Customer ${customerId} has been deleted`, { customerId })
  return customer
}
