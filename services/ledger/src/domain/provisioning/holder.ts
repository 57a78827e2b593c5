/** What the ledger keeps of a customer from the customers service's events. */
export interface HolderSnapshot {
  customerId: string
  platformCustomerId?: string
  customerType: string
  /** kycStatus of an individual or kybStatus of a business. */
  verificationStatus?: string
  /** An End User Terms acceptance is on file (spec, POST /customers rule 1). */
  isTermsAccepted: boolean
  isDeleted: boolean
  updatedAt: Date
}

const END_USER_TERMS = 'SERVICE_END_USER_TERMS'

interface CustomerEventData {
  id?: unknown
  customerType?: unknown
  platformCustomerId?: unknown
  kycStatus?: unknown
  kybStatus?: unknown
  agreementConsents?: unknown
  isDeleted?: unknown
  updatedAt?: unknown
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined)

/**
 * The holder a customer event describes (its data is the customer as the API shows it), or
 * undefined when the data is not a customer: such an event can never be handled, so it is skipped.
 */
export function holderFromCustomer(data: unknown): HolderSnapshot | undefined {
  if (data === null || typeof data !== 'object') return undefined
  const customer = data as CustomerEventData
  const customerId = text(customer.id)
  const customerType = text(customer.customerType)
  const updatedAt = new Date(String(customer.updatedAt))
  if (!customerId || !customerType || Number.isNaN(updatedAt.getTime())) return undefined
  const consents = Array.isArray(customer.agreementConsents) ? (customer.agreementConsents as Array<{ type?: unknown }>) : []
  return {
    customerId,
    platformCustomerId: text(customer.platformCustomerId),
    customerType,
    verificationStatus: text(customer.kycStatus) ?? text(customer.kybStatus),
    isTermsAccepted: consents.some((consent) => consent?.type === END_USER_TERMS),
    isDeleted: customer.isDeleted === true,
    updatedAt,
  }
}
