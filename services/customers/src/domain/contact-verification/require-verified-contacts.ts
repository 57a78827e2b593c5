import { ApiError } from '@pp/errors'
import type { Db } from '../../db/client.js'
import { contactProofs } from '../../db/contact-verifications.db.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { contactVerificationOf } from './status.js'

/** Spec: a hosted link needs every contact channel the provider requires to be VERIFIED first. */
export async function requireVerifiedContacts(db: Db, customer: CustomerRecord): Promise<void> {
  const proofs = (await contactProofs(db, [customer.id])).get(customer.id) ?? []
  const contactVerification = contactVerificationOf(customer, proofs)
  if (contactVerification && Object.values(contactVerification).some((status) => status !== 'VERIFIED')) {
    throw new ApiError(
      'CONTACT_VERIFICATION_REQUIRED',
      "The customer's email and phone must both be VERIFIED before KYC starts; use verify-email and verify-phone",
      { contactVerification },
    )
  }
}
