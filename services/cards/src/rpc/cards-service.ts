import { callerOf, tenantFrom, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CardsServiceServer,
  CreateCardRequest,
  CreateCardResponse,
  GetCardFactsRequest,
  GetCardFactsResponse,
  GetCardRequest,
  GetCardResponse,
  ListCardsRequest,
  ListCardsResponse,
  OpenCardRevealRequest,
  OpenCardRevealResponse,
  RevealCardRequest,
  RevealCardResponse,
  SimulateCardNetworkMessageRequest,
  SimulateCardNetworkMessageResponse,
  UpdateCardRequest,
  UpdateCardResponse,
} from '@pp/proto/cards/v1/cards'
import { createCard } from '../domain/cards/create-card.js'
import { getCard, listTenantCards, requireCard } from '../domain/cards/read-cards.js'
import { updateCardOf } from '../domain/cards/update-card.js'
import type { CardsDeps } from '../domain/deps.js'
import { openReveal, revealCard } from '../domain/reveal/reveal-card.js'
import { simulate } from '../domain/transactions/simulate.js'
import { messageKindOf, updateInput } from './mapping.js'

/**
 * cards.v1.CardsService: each method maps its message, runs one use case, maps the answer. What
 * the API shows answers as the JSON of its view.
 */
export function cardsService(deps: CardsDeps, logger: Logger): CardsServiceServer {
  return unaryService(logger, {
    async createCard(request: CreateCardRequest, ctx): Promise<CreateCardResponse> {
      return { cardJson: JSON.stringify(await createCard(deps, callerOf(ctx), request)) }
    },
    async listCards(request: ListCardsRequest, ctx): Promise<ListCardsResponse> {
      return { pageJson: JSON.stringify(await listTenantCards(deps, tenantFrom(ctx), request)) }
    },
    async getCard(request: GetCardRequest, ctx): Promise<GetCardResponse> {
      return { cardJson: JSON.stringify(await getCard(deps, tenantFrom(ctx), request.cardId)) }
    },
    async updateCard(request: UpdateCardRequest, ctx): Promise<UpdateCardResponse> {
      return { cardJson: JSON.stringify(await updateCardOf(deps, callerOf(ctx), request.cardId, updateInput(request))) }
    },
    async revealCard(request: RevealCardRequest, ctx): Promise<RevealCardResponse> {
      return { revealJson: JSON.stringify(await revealCard(deps, callerOf(ctx), request.cardId, request.pageUrl)) }
    },
    async openCardReveal(request: OpenCardRevealRequest): Promise<OpenCardRevealResponse> {
      return openReveal(deps, request.token)
    },
    async simulateCardNetworkMessage(request: SimulateCardNetworkMessageRequest, ctx): Promise<SimulateCardNetworkMessageResponse> {
      const { cardId, kind, merchant, ...input } = request
      const result = await simulate(deps, callerOf(ctx), cardId, messageKindOf(kind), { ...input, merchant: merchant && { ...merchant } })
      return { resultJson: JSON.stringify(result) }
    },
    async getCardFacts(request: GetCardFactsRequest, ctx): Promise<GetCardFactsResponse> {
      const { card, sources } = await requireCard(deps.sql, tenantFrom(ctx), request.cardId)
      return {
        facts: { id: card.id, cardholderId: card.cardholderId, state: card.state, fundingSources: sources.map(({ id, accountId }) => ({ id, accountId })) },
      }
    },
  })
}
