import type { CardView, CardWithSources } from '../types.js'

/**
 * The API's Card: the one JSON of a card, for responses, webhooks and replays. Never the number or CVV.
 * Brand and form are stored as the issuer named them, which is one of the contract's values.
 */
export function cardView({ card, sources }: CardWithSources): CardView {
  return {
    id: card.id,
    cardholderId: card.cardholderId,
    ...(card.platformCardId === null ? {} : { platformCardId: card.platformCardId }),
    state: card.state,
    stateReason: card.stateReason,
    brand: card.brand as CardView['brand'],
    form: card.form as CardView['form'],
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    fundingSources: sources.map((source) => source.accountId),
    maxSpendPerTransaction: card.maxSpendPerTransaction === null ? null : Number(card.maxSpendPerTransaction),
    currency: card.currency,
    processorRef: card.processorRef,
    issuerRef: card.issuerRef,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  }
}
