import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  errorResponses,
  IdempotencyHeadersSchema,
  type Transaction,
  TransactionSchema,
  TransferInRequestSchema,
  TransferOutRequestSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

// The spec deprecates these in favour of quotes; they still work, on the same ledger path.
const deprecatedTransfer = { ...requires('TRANSACT'), tags: ['Same-Currency Transfers'], deprecated: true, method: 'post' as const }

const transferIn = createRoute({
  ...deprecatedTransfer,
  path: '/transfer-in',
  operationId: 'createTransferIn',
  summary: 'Pull money from an external account into an internal account (deprecated: use a quote)',
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(TransferInRequestSchema) },
  responses: { 201: json(TransactionSchema, 'The transfer'), ...errorResponses(400, 404, 409) },
})

const transferOut = createRoute({
  ...deprecatedTransfer,
  path: '/transfer-out',
  operationId: 'createTransferOut',
  summary: 'Pay from an internal account to an external account (deprecated: use a quote)',
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(TransferOutRequestSchema) },
  responses: { 201: json(TransactionSchema, 'The transfer'), ...errorResponses(400, 404, 409) },
})

export function registerTransferRoutes(app: GatewayApp, payments: PaymentsServiceClient): void {
  app.openapi(transferIn, async (c) => {
    const { source, destination, amount } = c.req.valid('json')
    const request = { sourceAccountId: source.accountId, destinationAccountId: destination.accountId, amount: BigInt(amount) }
    const { transactionJson } = await callUnary(payments, payments.transferIn, request, callContext(c))
    return ownedJson<Transaction, 201>(c, transactionJson, 201)
  })
  app.openapi(transferOut, async (c) => {
    const { source, destination, amount, ...rest } = c.req.valid('json')
    const request = {
      ...rest,
      sourceAccountId: source.accountId,
      destinationAccountId: destination.accountId,
      paymentRail: destination.paymentRail,
      amount: BigInt(amount),
    }
    const { transactionJson } = await callUnary(payments, payments.transferOut, request, callContext(c))
    return ownedJson<Transaction, 201>(c, transactionJson, 201)
  })
}
