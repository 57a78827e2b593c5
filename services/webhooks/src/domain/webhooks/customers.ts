import { webhookKind } from '@pp/events'
import { passThroughFamily, type WebhookFamily } from './types.js'

/**
 * Customer events carry the customer as the API shows it. The reference's customer webhook lists
 * the KYC/KYB statuses; the lifecycle events (CREATED, UPDATED, DELETED) are sent the same way so
 * that a platform hears of every change to its customers.
 */
export const customerFamilies: WebhookFamily[] = [
  passThroughFamily(webhookKind('customer-update')),
  passThroughFamily(webhookKind('verification-update')),
  passThroughFamily(webhookKind('bulk-upload')),
  passThroughFamily(webhookKind('invitation-claimed')),
]
