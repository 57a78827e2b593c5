import { invalidInput } from '@pp/errors'
import { CardNetworkMessageKind, cardNetworkMessageKindToJSON, type UpdateCardRequest } from '@pp/proto/cards/v1/cards'
import type { UpdateCardInput } from '../domain/cards/update-card.js'
import { MESSAGE_KINDS, type MessageKind } from '../domain/transactions/message.js'

const KIND_PREFIX = 'CARD_NETWORK_MESSAGE_KIND_'

/** The proto enum as the domain's message kind (400 for an unspecified one). */
export function messageKindOf(kind: CardNetworkMessageKind): MessageKind {
  const name = cardNetworkMessageKindToJSON(kind).slice(KIND_PREFIX.length)
  if ((MESSAGE_KINDS as readonly string[]).includes(name)) return name as MessageKind
  throw invalidInput([{ field: 'kind', message: 'a card network message kind is required' }])
}

/** Empty funding sources leave them; a spend limit without an amount clears it. */
export const updateInput = (request: UpdateCardRequest): UpdateCardInput => ({
  state: request.state,
  fundingSources: request.fundingSources.length > 0 ? request.fundingSources : undefined,
  maxSpendPerTransaction: request.maxSpendPerTransaction === undefined ? undefined : (request.maxSpendPerTransaction.amount ?? null),
})
