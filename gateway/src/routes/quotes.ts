import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses } from '../schemas/common.js'
import { IdempotencyHeadersSchema } from '../schemas/customers.js'
import {
  ExecuteQuoteHeadersSchema,
  ExecuteQuoteRequestSchema,
  QuoteIdParamsSchema,
  QuoteRequestSchema,
  QuoteSchema,
  type QuoteJson,
} from '../schemas/quotes.js'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import type { WalletSignatureGuard } from '../wallet-signature/guard.js'
import { SignedRequestChallengeSchema } from '../wallet-signature/schemas.js'
import { json, jsonBody, ownedJson } from './json-responses.js'
import { quoteRequestToProto } from './payments-mapping.js'

const tags = ['Cross-Currency Transfers']

const createQuote = createRoute({
  method: 'post',
  path: '/quotes',
  operationId: 'createQuote',
  // a quote is what an execution draws on, and immediatelyExecute moves money in this very call
  ...requires('TRANSACT'),
  tags,
  summary: 'Price a same- or cross-currency transfer, and execute it at once when asked',
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(QuoteRequestSchema) },
  responses: { 201: json(QuoteSchema, 'The quote (executed when immediatelyExecute was set)'), ...errorResponses(400, 404, 409) },
})

const getQuote = createRoute({
  method: 'get',
  path: '/quotes/{quoteId}',
  operationId: 'getQuoteById',
  ...requires('VIEW'),
  tags,
  summary: 'Retrieve a quote',
  request: { params: QuoteIdParamsSchema },
  responses: { 200: json(QuoteSchema, 'The quote'), ...errorResponses(404) },
})

const executeQuote = createRoute({
  method: 'post',
  path: '/quotes/{quoteId}/execute',
  operationId: 'executeQuote',
  ...requires('TRANSACT'),
  tags,
  summary: 'Execute a quote whose source is an account; an embedded wallet source must sign first',
  request: {
    params: QuoteIdParamsSchema,
    headers: ExecuteQuoteHeadersSchema,
    body: { required: false, content: { 'application/json': { schema: ExecuteQuoteRequestSchema } } },
  },
  responses: {
    200: json(QuoteSchema, 'The executed quote'),
    202: json(SignedRequestChallengeSchema, 'Embedded wallet source: the payload the wallet must sign before a retry'),
    ...errorResponses(400, 404, 409),
  },
})

export interface QuoteRouteDeps {
  payments: PaymentsServiceClient
  walletSignatures: WalletSignatureGuard
}

export function registerQuoteRoutes(app: GatewayApp, { payments, walletSignatures }: QuoteRouteDeps): void {
  app.openapi(createQuote, async (c) => {
    const { quoteJson } = await callUnary(payments, payments.createQuote, quoteRequestToProto(c.req.valid('json')), callContext(c))
    return ownedJson<QuoteJson, 201>(c, quoteJson, 201)
  })
  app.openapi(getQuote, async (c) => {
    const { quoteJson } = await callUnary(payments, payments.getQuote, c.req.valid('param'), callContext(c))
    return ownedJson<QuoteJson, 200>(c, quoteJson, 200)
  })
  app.openapi(executeQuote, async (c) => {
    const { quoteId } = c.req.valid('param')
    const { facts } = await callUnary(payments, payments.getQuoteFacts, { quoteId }, callContext(c))
    // the spec's signed flow: the wallet's holder, not only the platform, authorises its payments
    if (facts?.sourceAccountType === 'EMBEDDED_WALLET') {
      const operation = { walletAccountId: facts.sourceAccountId!, operation: `POST /quotes/${quoteId}/execute`, body: await c.req.text() }
      const refusal = await walletSignatures.check(c, operation)
      if (refusal) return guardAnswer(refusal)
    }
    const request = { quoteId, scaFactor: c.req.valid('json').scaFactor }
    const { quoteJson } = await callUnary(payments, payments.executeQuote, request, callContext(c))
    return ownedJson<QuoteJson, 200>(c, quoteJson, 200)
  })
}
