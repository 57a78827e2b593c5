import { ApiError } from '@pp/errors'
import type { Db, Tx } from '../../db/client.js'
import { latestConsents } from '../../db/consents.db.js'
import { contactProofs } from '../../db/contact-verifications.db.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { contactVerificationOf, type ContactProof } from '../contact-verification/status.js'
import type { ConsentView, CustomerView } from '../types.js'

/** The customer as the API shows it: the identifier stays write-only, the status is named by type. */
export function toCustomerView(record: CustomerRecord, agreementConsents: ConsentView[], proofs: ContactProof[] = []): CustomerView {
  const { identifier: _writeOnly, ...profile } = record.profile
  const status =
    record.customerType === 'INDIVIDUAL' ? { kycStatus: record.verificationStatus } : { kybStatus: record.verificationStatus }
  return {
    id: record.id,
    customerType: record.customerType,
    ...profile,
    ...status,
    agreementConsents,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    isDeleted: record.deletedAt !== null,
    contactVerification: contactVerificationOf(record, proofs),
  }
}

export async function loadCustomerViews(db: Db | Tx, records: CustomerRecord[]): Promise<CustomerView[]> {
  const ids = records.map((r) => r.id)
  const [consents, proofs] = await Promise.all([latestConsents(db, ids), contactProofs(db, ids)])
  return records.map((record) => toCustomerView(record, consents.get(record.id) ?? [], proofs.get(record.id)))
}

export async function loadCustomerView(db: Db | Tx, record: CustomerRecord): Promise<CustomerView> {
  const [view] = await loadCustomerViews(db, [record])
  return view!
}

/** Another tenant's customer is indistinguishable from one that never existed. */
export function mustExist(record: CustomerRecord | undefined, customerId: string): CustomerRecord {
  if (!record) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`)
  return record
}

export function mustBeActive(record: CustomerRecord): CustomerRecord {
  if (record.deletedAt) throw new ApiError('CUSTOMER_DELETED', `Customer ${record.id} has been deleted`)
  return record
}
