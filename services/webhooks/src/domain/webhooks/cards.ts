import { passThroughFamily, type WebhookFamily } from './types.js'

/** Card events carry the card, or the card transaction, as the API shows it. */
export const cardFamilies: WebhookFamily[] = [
  passThroughFamily('card-state-change', ['CARD.STATE_CHANGE']),
  passThroughFamily('card-funding-source-change', ['CARD.FUNDING_SOURCE_CHANGE']),
  passThroughFamily('card-transaction', [
    'CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED',
    'CARD_TRANSACTION.REFUNDED', 'CARD_TRANSACTION.EXCEPTION',
  ]),
]
