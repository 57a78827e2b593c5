import { sqlOf } from '@pp/db'
import { ApiError } from '@pp/errors'
import type { Db, Tx } from '../../db/client.js'
import { readCustomerFacts } from '../../db/customer-reads.db.js'
import type { CustomerWithFacts } from '../../db/customer-with-facts.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { contactVerificationOf, type ContactProof } from '../contact-verification/status.js'
import type { ConsentView, CustomerView } from '../types.js'

/**
 * The customer as the API shows it: the identifier stays write-only, the status is named by type.
 * The profile's enumerated answers are kept as text; they were checked against the contract's
 * values when written, which the view's unit test holds the view to.
 */
export function toCustomerView(record: CustomerRecord, agreementConsents: ConsentView[], proofs: ContactProof[] = []): CustomerView {
  const { identifier: _writeOnly, ...profile } = record.profile
  const facts = {
    agreementConsents,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    isDeleted: record.deletedAt !== null,
    contactVerification: contactVerificationOf(record, proofs),
  }
  const view =
    record.customerType === 'INDIVIDUAL'
      ? { id: record.id, customerType: record.customerType, ...profile, kycStatus: record.verificationStatus, ...facts }
      : { id: record.id, customerType: record.customerType, ...profile, kybStatus: record.verificationStatus, ...facts }
  return view as CustomerView
}

export const viewOf = ({ record, consents, proofs }: CustomerWithFacts): CustomerView => toCustomerView(record, consents, proofs)

/** The view of a record the caller holds, inside a write's transaction (or on the database). */
export async function loadCustomerView(db: Db | Tx, record: CustomerRecord): Promise<CustomerView> {
  return viewOf({ record, ...(await readCustomerFacts(sqlOf(db), record.id)) })
}

/** Another tenant's customer is indistinguishable from one that never existed. */
export function mustExist<T extends CustomerRecord | CustomerWithFacts>(found: T | undefined, customerId: string): T {
  if (!found) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`)
  return found
}

export function mustBeActive(record: CustomerRecord): CustomerRecord {
  if (record.deletedAt) throw new ApiError('CUSTOMER_DELETED', `Customer ${record.id} has been deleted`)
  return record
}
