import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  errorResponses,
  ExecuteQuoteHeadersSchema,
  ExecuteQuoteRequestSchema,
  IdempotencyHeadersSchema,
  QuoteIdParamsSchema,
  type Quote,
  QuoteRequestSchema,
  QuoteSchema,
  ScaAuthorizationSchema,
  SignedRequestChallengeSchema,
} from '@pp/contracts'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import type { WalletSignatureGuard } from '../wallet-signature/guard.js'
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
  responses: {
    201: json(QuoteSchema, 'The quote (executed when immediatelyExecute was set)'),
    202: json(QuoteSchema, 'A customer in an SCA region: the quote awaits its authorization (PENDING_AUTHORIZATION, with its scaChallenge)'),
    ...errorResponses(400, 404, 409),
  },
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
  summary: 'Execute a quote whose source is an account; an embedded wallet source must sign (its payloadToSign in one call, or the 202 challenge)',
  request: {
    params: QuoteIdParamsSchema,
    headers: ExecuteQuoteHeadersSchema,
    body: { required: false, content: { 'application/json': { schema: ExecuteQuoteRequestSchema } } },
  },
  responses: {
    200: json(QuoteSchema, 'The executed quote, or for a customer in an SCA region the quote in PENDING_AUTHORIZATION with its scaChallenge'),
    202: json(SignedRequestChallengeSchema, 'Embedded wallet source: the payload the wallet must sign before a retry'),
    ...errorResponses(400, 404, 409),
  },
})

const authorizeQuote = createRoute({
  method: 'post',
  path: '/quotes/{quoteId}/authorize',
  operationId: 'authorizeQuote',
  ...requires('TRANSACT'),
  tags: ['Strong Customer Authentication'],
  summary: "Authorize a PENDING_AUTHORIZATION quote's SCA challenge; the quote then executes (or shows its payment instructions)",
  description: 'Only for customers in an SCA region (EU); 409 for others. In sandbox the SMS code 123456 verifies.',
  request: { params: QuoteIdParamsSchema, body: jsonBody(ScaAuthorizationSchema) },
  responses: { 200: json(QuoteSchema, 'The quote after the authorization'), ...errorResponses(400, 404, 409, 423, 429) },
})

const resendQuoteCode = createRoute({
  method: 'post',
  path: '/quotes/{quoteId}/authorize/resend',
  operationId: 'resendQuoteScaCode',
  ...requires('MANAGE'),
  tags: ['Strong Customer Authentication'],
  summary: "Re-send the SMS code of a PENDING_AUTHORIZATION quote's challenge (its expiry stays)",
  request: { params: QuoteIdParamsSchema },
  responses: { 204: { description: 'Code re-sent' }, ...errorResponses(404, 409, 429) },
})

export interface QuoteRouteDeps {
  payments: PaymentsServiceClient
  walletSignatures: WalletSignatureGuard
}

export function registerQuoteRoutes(app: GatewayApp, { payments, walletSignatures }: QuoteRouteDeps): void {
  app.openapi(createQuote, async (c) => {
    const { quoteJson } = await callUnary(payments, payments.createQuote, quoteRequestToProto(c.req.valid('json')), callContext(c))
    // the reference's 202: created, but awaiting the customer's strong authentication
    if ((JSON.parse(quoteJson) as { status: string }).status === 'PENDING_AUTHORIZATION') return ownedJson<Quote, 202>(c, quoteJson, 202)
    return ownedJson<Quote, 201>(c, quoteJson, 201)
  })
  app.openapi(authorizeQuote, async (c) => {
    const body = c.req.valid('json')
    const request = {
      quoteId: c.req.valid('param').quoteId,
      code: body.code ?? undefined,
      passkeyAssertionJson: body.passkeyAssertion == null ? undefined : JSON.stringify(body.passkeyAssertion),
      origin: body.origin ?? undefined,
      endUserIpAddress: body.endUserIpAddress ?? undefined,
    }
    const { quoteJson } = await callUnary(payments, payments.authorizeQuote, request, callContext(c))
    return ownedJson<Quote, 200>(c, quoteJson, 200)
  })
  app.openapi(resendQuoteCode, async (c) => {
    await callUnary(payments, payments.resendQuoteScaCode, c.req.valid('param'), callContext(c))
    return c.body(null, 204)
  })
  app.openapi(getQuote, async (c) => {
    const { quoteJson } = await callUnary(payments, payments.getQuote, c.req.valid('param'), callContext(c))
    return ownedJson<Quote, 200>(c, quoteJson, 200)
  })
  app.openapi(executeQuote, async (c) => {
    const { quoteId } = c.req.valid('param')
    const { facts } = await callUnary(payments, payments.getQuoteFacts, { quoteId }, callContext(c))
    // the spec's signed flow: the wallet's holder, not only the platform, authorises its payments
    if (facts?.sourceAccountType === 'EMBEDDED_WALLET') {
      const operation = {
        walletAccountId: facts.sourceAccountId!,
        operation: `POST /quotes/${quoteId}/execute`,
        body: await c.req.text(),
        // the reference's one call: a stamp over the quote's own payloadToSign, no Request-Id
        issuedRequestId: facts.signingRequestId,
      }
      const refusal = await walletSignatures.check(c, operation)
      if (refusal) return guardAnswer(refusal)
    }
    const request = { quoteId, scaFactor: c.req.valid('json').scaFactor }
    const { quoteJson } = await callUnary(payments, payments.executeQuote, request, callContext(c))
    return ownedJson<Quote, 200>(c, quoteJson, 200)
  })
}
