import type { z } from '@hono/zod-openapi'
import {
  CreateCustomerRequest,
  ListCustomersRequest,
  UpdateCustomerRequest,
  type Agreement,
} from '@pp/proto/customers/v1/customers'
import type { CustomerCreateRequestSchema, CustomerUpdateRequestSchema, EndUserTermsSchema, ListCustomersQuerySchema } from '@pp/contracts'

type CreateBody = z.infer<typeof CustomerCreateRequestSchema>
type UpdateBody = z.infer<typeof CustomerUpdateRequestSchema>

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
