import {
  CustomerProfile,
  type AgreementConsent,
  type CreateCustomerRequest,
  type Customer,
  type ListCustomersRequest,
  type UpdateCustomerRequest,
} from '@pp/proto/customers/v1/customers'
import type { CreateCustomerInput } from '../domain/customers/create-customer.js'
import type { ListCustomersInput } from '../domain/customers/list-customers.js'
import type { UpdateCustomerInput } from '../domain/customers/update-customer.js'
import type { ConsentFields, ConsentView, CustomerView } from '../domain/types.js'

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

const consentToProto = (consent: ConsentView): AgreementConsent => ({ ...consent, acceptedAt: new Date(consent.acceptedAt) })

export function customerToProto(view: CustomerView): Customer {
  return {
    id: view.id,
    customerType: view.customerType,
    // fromPartial keeps exactly the profile's fields of the flat view
    profile: CustomerProfile.fromPartial(view),
    agreementConsents: view.agreementConsents.map(consentToProto),
    kycStatus: view.kycStatus,
    kybStatus: view.kybStatus,
    isDeleted: view.isDeleted,
    createdAt: new Date(view.createdAt),
    updatedAt: new Date(view.updatedAt),
    contactVerification: view.contactVerification,
  }
}
