import { createRoute, type z } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import { CardNetworkMessageKind, type CardsServiceClient, type SimulateCardNetworkMessageRequest } from '@pp/proto/cards/v1/cards'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  CardIdParamsSchema,
  errorResponses,
  SandboxCardAmountRequestSchema,
  SandboxCardAuthorizationRequestSchema,
  SandboxCardBalanceInquiryRequestSchema,
  SandboxCardClearingRequestSchema,
  type SandboxCardSimulationJson,
  SandboxCardSimulationResponseSchema,
  SandboxCardTransactionRefRequestSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

type Authorization = z.infer<typeof SandboxCardAuthorizationRequestSchema>
type Clearing = z.infer<typeof SandboxCardClearingRequestSchema>
type Reference = z.infer<typeof SandboxCardTransactionRefRequestSchema>
type BalanceInquiry = z.infer<typeof SandboxCardBalanceInquiryRequestSchema>
type Body = Authorization | Clearing | Reference | BalanceInquiry

/** One simulate path: its request body, and the network message kind it sends. */
interface Simulation {
  path: string
  operationId: string
  summary: string
  body: typeof SandboxCardAuthorizationRequestSchema | typeof SandboxCardClearingRequestSchema | typeof SandboxCardAmountRequestSchema
    | typeof SandboxCardBalanceInquiryRequestSchema | typeof SandboxCardTransactionRefRequestSchema
  kind: CardNetworkMessageKind
}

const K = CardNetworkMessageKind
const SIMULATIONS: Simulation[] = [
  { path: 'authorization', operationId: 'sandboxSimulateCardAuthorization', summary: 'an authorization (descriptor suffix 002, 003, 005, 006 pick the outcome)', body: SandboxCardAuthorizationRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_AUTHORIZATION },
  { path: 'clearing', operationId: 'sandboxSimulateCardClearing', summary: 'a clearing of a card transaction (0 expires it)', body: SandboxCardClearingRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_CLEARING },
  { path: 'return', operationId: 'sandboxSimulateCardReturn', summary: "a merchant's return of a settled card transaction", body: SandboxCardAmountRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_RETURN },
  { path: 'balance_inquiry', operationId: 'sandboxSimulateCardBalanceInquiry', summary: 'a balance inquiry (a zero-amount authorization)', body: SandboxCardBalanceInquiryRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_BALANCE_INQUIRY },
  { path: 'credit_authorization', operationId: 'sandboxSimulateCardCreditAuthorization', summary: 'a credit authorization to the card', body: SandboxCardAuthorizationRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_CREDIT_AUTHORIZATION },
  { path: 'financial_authorization', operationId: 'sandboxSimulateCardFinancialAuthorization', summary: 'a single-message authorization that clears at once', body: SandboxCardAuthorizationRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_FINANCIAL_AUTHORIZATION },
  { path: 'financial_credit_authorization', operationId: 'sandboxSimulateCardFinancialCreditAuthorization', summary: 'a single-message credit that clears at once', body: SandboxCardAuthorizationRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_FINANCIAL_CREDIT_AUTHORIZATION },
  { path: 'authorization_advice', operationId: 'sandboxSimulateCardAuthorizationAdvice', summary: 'an advice re-sizing an open authorization to a new total', body: SandboxCardAmountRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_AUTHORIZATION_ADVICE },
  { path: 'credit_authorization_advice', operationId: 'sandboxSimulateCardCreditAuthorizationAdvice', summary: 'a credit authorization the network already approved', body: SandboxCardAuthorizationRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_CREDIT_AUTHORIZATION_ADVICE },
  { path: 'return_reversal', operationId: 'sandboxSimulateCardReturnReversal', summary: 'the reversal of the last return of a refunded card transaction', body: SandboxCardTransactionRefRequestSchema, kind: K.CARD_NETWORK_MESSAGE_KIND_RETURN_REVERSAL },
]

/** The typed message of a simulate body: whichever of amount, currency, merchant and parent it carries. */
function messageOf(cardId: string, kind: CardNetworkMessageKind, body: Body): SimulateCardNetworkMessageRequest {
  return {
    cardId,
    kind,
    amount: 'amount' in body ? BigInt(body.amount) : undefined,
    currency: 'currency' in body ? body.currency.code : undefined,
    merchant: 'merchant' in body ? body.merchant : undefined,
    cardTransactionId: 'cardTransactionId' in body ? body.cardTransactionId : undefined,
  }
}

/** The card network's messages, simulated in the sandbox (the cards service answers 404 in production). */
export function registerSandboxCardRoutes(app: GatewayApp, cards: CardsServiceClient): void {
  for (const simulation of SIMULATIONS) {
    const route = createRoute({
      method: 'post',
      path: `/sandbox/cards/{id}/simulate/${simulation.path}`,
      operationId: simulation.operationId,
      ...requires('TRANSACT'),
      tags: ['Sandbox'],
      summary: `Sandbox: ${simulation.summary}`,
      request: { params: CardIdParamsSchema, body: jsonBody(simulation.body) },
      responses: { 202: json(SandboxCardSimulationResponseSchema, "Accepted: the message's token; its effects show on the card transaction and its webhooks"), ...errorResponses(400, 404, 409) },
    })
    app.openapi(route, async (c) => {
      const request = messageOf(c.req.valid('param').id, simulation.kind, c.req.valid('json') as Body)
      const { resultJson } = await callUnary(cards, cards.simulateCardNetworkMessage, request, callContext(c))
      return ownedJson<SandboxCardSimulationJson, 202>(c, resultJson, 202)
    })
  }
}
