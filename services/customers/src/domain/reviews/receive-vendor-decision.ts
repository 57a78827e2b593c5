import { inTransaction } from '@pp/db'
import { notConfigured } from '@pp/errors'
import { claimVendorEvent, findReview } from '../../db/verification-reviews.db.js'
import type { CustomersDeps, KycVendor, VendorDelivery } from '../deps.js'
import { decideReviewIn } from './decide-review.js'
import type { ReviewRecord } from './types.js'

export interface VendorDecisionReceipt {
  /** False for a redelivery of an event applied before: acknowledged, nothing changed. */
  applied: boolean
  review: ReviewRecord
}

function vendorNamed(deps: CustomersDeps, name: string): KycVendor {
  const decisions = deps.kycDecisions
  if (decisions.by !== 'vendor' || decisions.vendor.name !== name) {
    throw notConfigured(`The KYC vendor ${name} (set KYC_DECISIONS=vendor, KYC_VENDOR_NAME and KYC_VENDOR_WEBHOOK_SECRET)`, { setting: 'KYC_DECISIONS' })
  }
  return decisions.vendor
}

/**
 * A KYC vendor's decision webhook, as the gateway received it: the vendor's adapter proves it
 * authentic and fresh, then the decision is applied as an operator's would be. Its event id is
 * claimed in the same transaction, so a delivery repeated (vendors retry until acknowledged) is
 * acknowledged and applied once.
 */
export async function receiveVendorDecision(deps: CustomersDeps, vendorName: string, delivery: VendorDelivery): Promise<VendorDecisionReceipt> {
  const vendor = vendorNamed(deps, vendorName)
  const decision = vendor.readDecision(delivery, deps.now())
  return inTransaction(deps.db, async (tx) => {
    const event = { vendor: vendor.name, eventId: decision.eventId, verificationId: decision.verificationId, receivedAt: deps.now() }
    if (!(await claimVendorEvent(tx, event))) return { applied: false, review: (await findReview(tx, decision.verificationId))! }
    const review = await decideReviewIn(tx, deps, { ...decision, decidedBy: `vendor:${vendor.name}` })
    return { applied: true, review }
  })
}
