import type { z } from '@hono/zod-openapi'
import {
  CreateCustomerRequest,
  ListCustomersRequest,
  UpdateCustomerRequest,
  type Agreement,
  type AgreementConsent,
  type Customer,
} from '@pp/proto/customers/v1/customers'
import { isoTimestamp } from '../schemas/common.js'
import type {
  AgreementConsentSchema,
  CustomerCreateRequestSchema,
  CustomerJson,
  CustomerUpdateRequestSchema,
  EndUserTermsSchema,
  ListCustomersQuerySchema,
} from '../schemas/customers.js'

type CreateBody = z.infer<typeof CustomerCreateRequestSchema>
type UpdateBody = z.infer<typeof CustomerUpdateRequestSchema>
type ConsentJson = z.infer<typeof AgreementConsentSchema>

/**
 * The proto messages use the API's field names, so a body maps onto them almost as it is: the
 * profile is every field that is not the type or a consent, timestamps become Dates.
 */
function splitBody({ customerType, agreementConsents = [], endUserTermsConsent, ...profile }: CreateBody | UpdateBody) {
  return {
    customerType,
    profile,
    agreementConsents: agreementConsents.map((c) => ({ ...c, acceptedAt: new Date(c.acceptedAt) })),
    endUserTermsConsent: endUserTermsConsent && {
      ...endUserTermsConsent,
      acceptedAt: new Date(endUserTermsConsent.acceptedAt),
    },
  }
}

export const createRequestToProto = (body: CreateBody): CreateCustomerRequest =>
  CreateCustomerRequest.fromPartial(splitBody(body))

export const updateRequestToProto = (customerId: string, body: UpdateBody): UpdateCustomerRequest =>
  UpdateCustomerRequest.fromPartial({ customerId, ...splitBody(body) })

export function listQueryToProto(query: z.infer<typeof ListCustomersQuerySchema>): ListCustomersRequest {
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
  return ListCustomersRequest.fromPartial({
    ...query,
    createdAfter: date(query.createdAfter),
    createdBefore: date(query.createdBefore),
    updatedAfter: date(query.updatedAfter),
    updatedBefore: date(query.updatedBefore),
  })
}

const consentToJson = (consent: AgreementConsent): ConsentJson =>
  ({ ...consent, acceptedAt: isoTimestamp(consent.acceptedAt)! }) as ConsentJson

/** The customer as the API shows it; proto's empty lists stand for "no value" and are left out. */
export function customerToJson(customer: Customer): CustomerJson {
  const { businessInfo, ...profile } = customer.profile ?? {}
  return {
    id: customer.id,
    customerType: customer.customerType,
    ...withoutEmptyLists(profile),
    ...(businessInfo && { businessInfo: withoutEmptyLists(businessInfo) }),
    kycStatus: customer.kycStatus,
    kybStatus: customer.kybStatus,
    agreementConsents: customer.agreementConsents.map(consentToJson),
    createdAt: isoTimestamp(customer.createdAt)!,
    updatedAt: isoTimestamp(customer.updatedAt)!,
    isDeleted: customer.isDeleted,
    contactVerification: customer.contactVerification,
  } as CustomerJson
}

function withoutEmptyLists<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !(Array.isArray(v) && v.length === 0))) as Partial<T>
}

const SERVICE_END_USER_TERMS = 'SERVICE_END_USER_TERMS'

/**
 * Every agreement in `agreements` (the spec), with the End User Terms also at the top level
 * as the reference's `{version, url}` answer, so clients written against it keep working.
 */
export function endUserTermsToJson(agreements: Agreement[]): z.infer<typeof EndUserTermsSchema> {
  const terms = agreements.find((a) => a.type === SERVICE_END_USER_TERMS)
  if (!terms) throw new Error(`the customers service publishes no ${SERVICE_END_USER_TERMS}`)
  return { version: terms.version, url: terms.url, agreements }
}
