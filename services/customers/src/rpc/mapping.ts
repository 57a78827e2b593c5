import {
  CustomerProfile,
  type CreateCustomerRequest,
  type CustomerFacts,
  type ListCustomersRequest,
  type UpdateCustomerRequest,
} from '@pp/proto/customers/v1/customers'
import type { CreateCustomerInput } from '../domain/customers/create-customer.js'
import type { ListCustomersInput } from '../domain/customers/list-customers.js'
import type { UpdateCustomerInput } from '../domain/customers/update-customer.js'
import type { ConsentFields, CustomerView } from '../domain/types.js'
import { isScaRegion } from '../domain/sca-region.js'

type ConsentMessage = Pick<CreateCustomerRequest, 'agreementConsents' | 'endUserTermsConsent'>

/** The proto messages use the API's field names, so most of the mapping is structural. */
const consentFields = ({ agreementConsents, endUserTermsConsent }: ConsentMessage): ConsentFields => ({
  agreementConsents,
  endUserTermsConsent,
})

export const createInput = (request: CreateCustomerRequest): CreateCustomerInput => ({
  customerType: request.customerType,
  profile: request.profile ?? CustomerProfile.create(),
  ...consentFields(request),
})

export const updateInput = (request: UpdateCustomerRequest): UpdateCustomerInput => ({
  customerId: request.customerId,
  customerType: request.customerType,
  profile: request.profile ?? CustomerProfile.create(),
  ...consentFields(request),
  ...(request.contactProof && { contactProof: request.contactProof }),
})

export const listInput = (request: ListCustomersRequest): ListCustomersInput => ({
  platformCustomerId: request.platformCustomerId,
  customerType: request.customerType,
  createdAfter: request.createdAfter,
  createdBefore: request.createdBefore,
  updatedAfter: request.updatedAfter,
  updatedBefore: request.updatedBefore,
  region: request.region,
  currency: request.currency,
  umaAddress: request.umaAddress,
  isIncludingDeleted: request.isIncludingDeleted,
  limit: request.limit,
  cursor: request.cursor,
})

/** What other services act on; the region names a customer's rules, else its address's country. */
export const customerFacts = (view: CustomerView): CustomerFacts => ({
  id: view.id,
  customerType: view.customerType,
  isDeleted: view.isDeleted,
  platformCustomerId: view.platformCustomerId,
  jurisdiction: view.region ?? view.address?.country,
  agreementTypes: view.agreementConsents.map((consent) => consent.type),
  email: view.email,
  phoneNumber: view.phoneNumber,
  verificationStatus: view.customerType === 'INDIVIDUAL' ? view.kycStatus : view.kybStatus,
  scaRequired: isScaRegion(view.region),
})
