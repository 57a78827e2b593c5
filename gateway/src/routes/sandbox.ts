import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  AccountIdParamsSchema,
  errorResponses,
  type InternalAccount,
  InternalAccountSchema,
  SandboxFundRequestSchema,
  SandboxSendRequestSchema,
  SandboxUmaReceiveRequestSchema,
  type Transaction,
  TransactionSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Sandbox']

const fundAccount = createRoute({
  method: 'post',
  path: '/sandbox/internal-accounts/{accountId}/fund',
  operationId: 'sandboxFundInternalAccount',
  ...requires('TRANSACT'),
  tags,
  summary: 'Sandbox: credit an internal account at once, as an incoming payment',
  request: { params: AccountIdParamsSchema, body: jsonBody(SandboxFundRequestSchema) },
  responses: { 200: json(InternalAccountSchema, 'The account with its new balance'), ...errorResponses(400, 404, 409) },
})

const sandboxSend = createRoute({
  method: 'post',
  path: '/sandbox/send',
  operationId: 'sandboxSend',
  ...requires('TRANSACT'),
  tags,
  summary: 'Sandbox: the inbound payment that funds a realtime-funding quote',
  request: { body: jsonBody(SandboxSendRequestSchema) },
  responses: { 200: json(TransactionSchema, 'The transaction the payment funded'), ...errorResponses(400, 404, 409) },
})

const sandboxUmaReceive = createRoute({
  method: 'post',
  path: '/sandbox/uma/receive',
  operationId: 'sandboxReceive',
  ...requires('TRANSACT'),
  tags,
  summary: "Sandbox: an UMA payment arriving for one of the platform's customers",
  request: { body: jsonBody(SandboxUmaReceiveRequestSchema) },
  responses: { 200: json(TransactionSchema, 'The incoming transaction'), ...errorResponses(400, 404) },
})

export interface SandboxRouteDeps {
  internalAccounts: InternalAccountsServiceClient
  payments: PaymentsServiceClient
}

/** What the sandbox simulates: money arriving in an account, for a realtime-funding quote, or over UMA. */
export function registerSandboxRoutes(app: GatewayApp, { internalAccounts, payments }: SandboxRouteDeps): void {
  app.openapi(fundAccount, async (c) => {
    const request = { accountId: c.req.valid('param').accountId, amount: BigInt(c.req.valid('json').amount) }
    const { accountJson } = await callUnary(internalAccounts, internalAccounts.fundSandboxInternalAccount, request, callContext(c))
    return ownedJson<InternalAccount, 200>(c, accountJson, 200)
  })
  app.openapi(sandboxSend, async (c) => {
    const { currencyAmount, ...rest } = c.req.valid('json')
    const request = { ...rest, currencyAmount: currencyAmount === undefined ? undefined : BigInt(currencyAmount) }
    const { transactionJson } = await callUnary(payments, payments.sandboxSend, request, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
  app.openapi(sandboxUmaReceive, async (c) => {
    const { receivingCurrencyAmount, ...rest } = c.req.valid('json')
    const request = { ...rest, receivingCurrencyAmount: BigInt(receivingCurrencyAmount) }
    const { transactionJson } = await callUnary(payments, payments.sandboxUmaReceive, request, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
}
