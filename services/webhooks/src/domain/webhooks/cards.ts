import { webhookKind } from '@pp/events'
import { passThroughFamily, type WebhookFamily } from './types.js'

/** Card events carry the card, or the card transaction, as the API shows it. */
export const cardFamilies: WebhookFamily[] = [
  passThroughFamily(webhookKind('card-state-change')),
  passThroughFamily(webhookKind('card-funding-source-change')),
  passThroughFamily(webhookKind('card-transaction')),
]
