import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { CardsServiceClient } from '@pp/proto/cards/v1/cards'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  CardCreateRequestSchema,
  CardIdParamsSchema,
  type Card,
  type CardListJson,
  CardListSchema,
  type CardRevealJson,
  CardRevealResponseSchema,
  CardSchema,
  CardUpdateRequestSchema,
  errorResponses,
  ListCardsQuerySchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Cards']

const createCard = createRoute({
  method: 'post',
  path: '/cards',
  operationId: 'createCard',
  ...requires('MANAGE'),
  tags,
  summary: 'Issue a card to an APPROVED cardholder, funded by their own internal accounts',
  request: { body: jsonBody(CardCreateRequestSchema) },
  responses: { 201: json(CardSchema, 'The card, PROCESSING until the issuer activates it'), ...errorResponses(400, 404, 409, 501) },
})

const listCards = createRoute({
  method: 'get',
  path: '/cards',
  operationId: 'listCards',
  ...requires('VIEW'),
  tags,
  summary: 'List cards, newest first unless asked otherwise',
  request: { query: ListCardsQuerySchema },
  responses: { 200: json(CardListSchema, 'A page of cards'), ...errorResponses(400) },
})

const getCard = createRoute({
  method: 'get',
  path: '/cards/{id}',
  operationId: 'getCardById',
  ...requires('VIEW'),
  tags,
  summary: 'Get a card (never its number: see the reveal)',
  request: { params: CardIdParamsSchema },
  responses: { 200: json(CardSchema, 'The card'), ...errorResponses(400, 404) },
})

const updateCard = createRoute({
  method: 'patch',
  path: '/cards/{id}',
  operationId: 'updateCardById',
  ...requires('MANAGE'),
  tags,
  summary: "Freeze, unfreeze or close a card; replace its funding sources; set or clear its spending limit",
  request: { params: CardIdParamsSchema, body: jsonBody(CardUpdateRequestSchema) },
  responses: { 200: json(CardSchema, 'The updated card'), ...errorResponses(400, 404, 409) },
})

const revealCard = createRoute({
  method: 'post',
  path: '/cards/{id}/reveal',
  operationId: 'revealCard',
  ...requires('MANAGE'),
  tags,
  summary: "A short-lived address of a page showing the card's number, expiry and CVV",
  request: { params: CardIdParamsSchema },
  responses: { 200: json(CardRevealResponseSchema, 'The reveal address and when it expires'), ...errorResponses(404, 409, 501) },
})

export interface CardRouteDeps {
  cards: CardsServiceClient
  /** Where the gateway's card reveal page is reached from outside. */
  revealPageUrl: string
}

/** The cards area: each route calls the cards service, which owns the card's JSON. */
export function registerCardRoutes(app: GatewayApp, { cards, revealPageUrl }: CardRouteDeps): void {
  app.openapi(createCard, async (c) => {
    const { maxSpendPerTransaction, ...body } = c.req.valid('json')
    const request = { ...body, maxSpendPerTransaction: maxSpendPerTransaction === undefined ? undefined : BigInt(maxSpendPerTransaction) }
    const { cardJson } = await callUnary(cards, cards.createCard, request, callContext(c))
    return ownedJson<Card, 201>(c, cardJson, 201)
  })
  app.openapi(listCards, async (c) => {
    const { pageJson } = await callUnary(cards, cards.listCards, c.req.valid('query'), callContext(c))
    return ownedJson<CardListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getCard, async (c) => {
    const { cardJson } = await callUnary(cards, cards.getCard, { cardId: c.req.valid('param').id }, callContext(c))
    return ownedJson<Card, 200>(c, cardJson, 200)
  })
  app.openapi(updateCard, async (c) => {
    const { state, fundingSources, maxSpendPerTransaction } = c.req.valid('json')
    const request = {
      cardId: c.req.valid('param').id,
      state,
      fundingSources: fundingSources ?? [],
      maxSpendPerTransaction:
        maxSpendPerTransaction === undefined ? undefined : { amount: maxSpendPerTransaction === null ? undefined : BigInt(maxSpendPerTransaction) },
    }
    const { cardJson } = await callUnary(cards, cards.updateCard, request, callContext(c))
    return ownedJson<Card, 200>(c, cardJson, 200)
  })
  app.openapi(revealCard, async (c) => {
    const request = { cardId: c.req.valid('param').id, pageUrl: revealPageUrl }
    const { revealJson } = await callUnary(cards, cards.revealCard, request, callContext(c))
    return ownedJson<CardRevealJson, 200>(c, revealJson, 200)
  })
}
