import { passThroughFamily, type WebhookFamily } from './types.js'

/**
 * Customer events carry the customer as the API shows it. The reference's customer webhook lists
 * the KYC/KYB statuses; the lifecycle events (CREATED, UPDATED, DELETED) are sent the same way so
 * that a platform hears of every change to its customers.
 */
const customerUpdate: WebhookFamily = {
  name: 'customer-update',
  draft: (event) =>
    /^CUSTOMER\.((KYC|KYB)_[A-Z_]+|CREATED|UPDATED|DELETED)$/.test(event.type) ? { type: event.type, data: event.data } : undefined,
}

export const customerFamilies: WebhookFamily[] = [
  customerUpdate,
  passThroughFamily('verification-update', [
    'VERIFICATION.APPROVED', 'VERIFICATION.REJECTED', 'VERIFICATION.RESOLVE_ERRORS',
    'VERIFICATION.IN_PROGRESS', 'VERIFICATION.PENDING_MANUAL_REVIEW', 'VERIFICATION.READY_FOR_VERIFICATION',
  ]),
  passThroughFamily('bulk-upload', ['BULK_UPLOAD.COMPLETED', 'BULK_UPLOAD.FAILED']),
  passThroughFamily('invitation-claimed', ['INVITATION.CLAIMED']),
]
