import { newId } from '@pp/ids'
import type { Tx } from '../../db/client.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import { insertVerification } from '../../db/verifications.db.js'
import { insertReview } from '../../db/verification-reviews.db.js'
import type { CustomersDeps } from '../deps.js'
import type { PlatformSettings } from '../platform-settings.js'
import { tenantOf, type Caller, type VerificationStatus } from '../types.js'
import type { ProviderDecision, VerificationProvider } from '../deps.js'
import { applyVerificationOutcome } from './apply-outcome.js'
import { assertHasSubject, findPacketErrors } from './packet.js'
import { loadPacket } from './load-packet.js'
import type { VerificationErrorView, VerificationOutcome, VerificationSource, VerificationView } from './types.js'
import { toVerificationView } from './view.js'

interface Outcome {
  status: VerificationOutcome
  errors: VerificationErrorView[]
  customerStatus?: VerificationStatus
}

/** A customer already decided (or under review) is not sent to the provider again. */
const SETTLED: Partial<Record<VerificationStatus, VerificationOutcome>> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  PENDING: 'PENDING_MANUAL_REVIEW',
}

export const CUSTOMER_STATUS: Record<ProviderDecision, VerificationStatus> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  PENDING_MANUAL_REVIEW: 'PENDING',
}

/**
 * The verification both paths share (POST /verifications and the hosted flow), inside the
 * caller's transaction with the customer locked: it records the submission with its
 * VERIFICATION.* event and, when the decision changes the customer's status, the
 * CUSTOMER.KYC_* / CUSTOMER.KYB_* event — so both paths give identical transitions and events. A
 * decision of manual review also enters the review queue (domain/reviews/).
 */
export async function runVerification_(
  tx: Tx,
  deps: CustomersDeps,
  caller: Caller,
  customer: CustomerRecord,
  platform: PlatformSettings,
  source: VerificationSource,
): Promise<VerificationView> {
  assertHasSubject(customer)
  const provider = deps.verification[caller.environment]
  const outcome = await decide(tx, provider, customer, platform)
  const now = deps.now()
  const tenant = tenantOf(caller)
  const row = await insertVerification(tx, {
    id: newId('Verification'),
    tenant,
    customerId: customer.id,
    verificationStatus: outcome.status,
    errors: outcome.errors,
    source,
    createdAt: now,
  })
  const verification = toVerificationView(row)
  // a fresh referral to manual review waits in the queue for an operator's or the vendor's decision
  if (outcome.status === 'PENDING_MANUAL_REVIEW' && outcome.customerStatus !== undefined && provider.queuesManualReview) {
    await insertReview(tx, { verificationId: row.id, tenant, customerId: customer.id, createdAt: now })
  }
  await applyVerificationOutcome(tx, caller, customer, verification, outcome.customerStatus, now)
  return verification
}

async function decide(tx: Tx, provider: VerificationProvider, customer: CustomerRecord, platform: PlatformSettings): Promise<Outcome> {
  const settled = SETTLED[customer.verificationStatus]
  if (settled) return { status: settled, errors: [] }
  const { customerType, profile } = customer
  const subject = { customerType, fullName: profile.fullName, registrationNumber: profile.businessInfo?.registrationNumber }
  if (provider.requiresPacket(subject, platform)) {
    const errors = findPacketErrors(await loadPacket(tx, customer))
    if (errors.length > 0) return { status: 'RESOLVE_ERRORS', errors }
  }
  const decision = provider.decide(subject)
  return { status: decision, errors: [], customerStatus: CUSTOMER_STATUS[decision] }
}
