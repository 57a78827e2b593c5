import { webhookKind } from '@pp/events'
import { passThroughFamily, type WebhookFamily } from './types.js'

/** Account events carry the account as the API shows it. */
export const accountFamilies: WebhookFamily[] = [
  passThroughFamily(webhookKind('internal-account-status')),
  passThroughFamily(webhookKind('external-account-status')),
]
