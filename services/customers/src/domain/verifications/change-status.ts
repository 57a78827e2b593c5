import { setOwnersKycStatus } from '../../db/beneficial-owners.db.js'
import type { Tx } from '../../db/client.js'
import { saveCustomer, type CustomerRecord } from '../../db/customers.db.js'
import { recordEvent } from '../../events/outbox.js'
import { verificationEventType } from '../../events/types.js'
import { loadCustomerView } from '../customers/view.js'
import type { VerificationStatus } from '../types.js'

/**
 * Moves the customer's kycStatus or kybStatus and writes CUSTOMER.KYC_<status> or
 * CUSTOMER.KYB_<status>. A business's decision covers its beneficial owners' KYC too.
 */
export async function changeVerificationStatus(tx: Tx, customer: CustomerRecord, status: VerificationStatus, now: Date): Promise<void> {
  const updated = { ...customer, verificationStatus: status, updatedAt: now }
  await saveCustomer(tx, updated)
  if (customer.customerType === 'BUSINESS') await setOwnersKycStatus(tx, customer.id, status, now)
  const tenant = { platformId: customer.platformId, environment: customer.environment }
  await recordEvent(tx, tenant, verificationEventType(customer.customerType, status), await loadCustomerView(tx, updated))
}
