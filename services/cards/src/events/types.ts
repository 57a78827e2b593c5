/** The `source` of every event this service writes: subjects are `events.cards.<type>`. */
export const EVENT_SOURCE = 'cards'

export const CARD_STATE_CHANGE = 'CARD.STATE_CHANGE'
export const CARD_FUNDING_SOURCE_CHANGE = 'CARD.FUNDING_SOURCE_CHANGE'
/** `CARD_TRANSACTION.<status>`: the reference's card-transaction webhook types. */
export const cardTransactionEventType = (status: string): string => `CARD_TRANSACTION.${status}`
/** The fact the payments service lists card transactions from (proto cards.v1.CardTransactionRecorded). */
export const CARD_TRANSACTION_RECORDED = 'CARD_TRANSACTION_RECORDED'
