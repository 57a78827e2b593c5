import type { CustomerType, VerificationStatus } from '../domain/types.js'

/** The `source` of every event this service writes: subjects are `events.customers.<type>`. */
export const EVENT_SOURCE = 'customers'

export const CUSTOMER_CREATED = 'CUSTOMER.CREATED'
export const CUSTOMER_UPDATED = 'CUSTOMER.UPDATED'
export const CUSTOMER_DELETED = 'CUSTOMER.DELETED'

/**
 * `CUSTOMER.KYC_<status>` for an individual, `CUSTOMER.KYB_<status>` for a business: the
 * reference's customer webhook names (CUSTOMER.KYC_APPROVED, CUSTOMER.KYB_PENDING, ...).
 */
export const verificationEventType = (customerType: CustomerType, status: VerificationStatus): string =>
  `CUSTOMER.${customerType === 'INDIVIDUAL' ? 'KYC' : 'KYB'}_${status}`

/** `VERIFICATION.<status>`: the reference's verification webhooks, written with each submission. */
export const verificationOutcomeEventType = (status: string): string => `VERIFICATION.${status}`

/** `BULK_UPLOAD.COMPLETED` or `BULK_UPLOAD.FAILED` when an import job ends. */
export const bulkUploadEventType = (status: 'COMPLETED' | 'FAILED'): string => `BULK_UPLOAD.${status}`

/** An UMA invitation was claimed (the invitation-claimed webhook). */
export const INVITATION_CLAIMED = 'INVITATION.CLAIMED'
