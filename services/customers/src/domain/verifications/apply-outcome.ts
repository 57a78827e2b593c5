import type { Tx } from '../../db/client.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { recordEvent } from '../../events/outbox.js'
import { verificationOutcomeEventType } from '../../events/types.js'
import type { Origin } from '@pp/tenancy'
import type { VerificationStatus } from '../types.js'
import { changeVerificationStatus } from './change-status.js'
import type { VerificationView } from './types.js'

/**
 * How a verification's outcome takes effect, whenever it is reached: at submission (the sandbox's
 * decision, or production's referral to review) or later (an operator's or the KYC vendor's
 * decision on the review queue). It writes the VERIFICATION.<status> event and, when the outcome
 * moves the customer, its status with the CUSTOMER.KYC_* / CUSTOMER.KYB_* event: one way for
 * every path, so the webhooks a platform sees do not depend on who decided.
 */
export async function applyVerificationOutcome(
  tx: Tx,
  origin: Origin,
  customer: CustomerRecord,
  verification: VerificationView,
  customerStatus: VerificationStatus | undefined,
  now: Date,
): Promise<void> {
  await recordEvent(tx, origin, verificationOutcomeEventType(verification.verificationStatus), verification)
  if (customerStatus !== undefined && customerStatus !== customer.verificationStatus) {
    await changeVerificationStatus(tx, customer, customerStatus, now)
  }
}
