import { createRoute, z } from '@hono/zod-openapi'
import type { HttpErrorStatus } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import type { AgentsServiceClient } from '@pp/proto/agents/v1/agents'
import type { Permission } from '@pp/vocabulary'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  type AgentAction,
  AgentActionSchema,
  ApprovePaymentRequestSchema,
  CancelTransactionRequestSchema,
  ConfirmReceiptRequestSchema,
  errorResponses,
  ListTransactionsQuerySchema,
  RejectPaymentRequestSchema,
  TransactionIdParamsSchema,
  type Transaction,
  type TransactionListJson,
  TransactionListSchema,
  TransactionSchema,
} from '@pp/contracts'
import { json, ownedJson } from './json-responses.js'
import { listQueryToProto } from './payments-mapping.js'

const tags = ['Transactions']

const listTransactions = createRoute({
  method: 'get',
  path: '/transactions',
  operationId: 'listTransactions',
  ...requires('VIEW'),
  tags,
  summary: 'List transactions, newest first unless sortOrder is asc; the filters combine',
  request: { query: ListTransactionsQuerySchema },
  responses: { 200: json(TransactionListSchema, 'A page of transactions'), ...errorResponses(400) },
})

const getTransaction = createRoute({
  method: 'get',
  path: '/transactions/{transactionId}',
  operationId: 'getTransactionById',
  ...requires('VIEW'),
  tags,
  summary: 'Retrieve a transaction',
  request: { params: TransactionIdParamsSchema },
  responses: { 200: json(TransactionSchema, 'The transaction'), ...errorResponses(404) },
})

/** One state change of a transaction: an optional JSON body, the transaction after it. */
const transactionAction = <B extends z.ZodType>(
  action: string,
  operationId: string,
  permission: Permission,
  body: B,
  summary: string,
  ...statuses: HttpErrorStatus[]
) =>
  createRoute({
    method: 'post',
    path: `/transactions/{transactionId}/${action}`,
    operationId,
    ...requires(permission),
    tags,
    summary,
    request: { params: TransactionIdParamsSchema, body: { required: false, content: { 'application/json': { schema: body } } } },
    responses: { 200: json(TransactionSchema, 'The transaction after the change'), ...errorResponses(400, 404, ...statuses) },
  })

// recording a receipt changes no money; the other three decide whether money moves
const confirmReceipt = transactionAction('confirm', 'confirmReceiptDelivery', 'MANAGE', ConfirmReceiptRequestSchema, 'Record that the receipt reached the customer')
const approve = transactionAction('approve', 'approvePendingPayment', 'TRANSACT', ApprovePaymentRequestSchema, 'Approve a payment waiting for the platform', 409)
const rejectTransaction = transactionAction('reject', 'rejectPendingPayment', 'TRANSACT', RejectPaymentRequestSchema, 'Reject a payment waiting for the platform', 409)
// an agent's action waiting for approval has not created its transaction: rejecting it answers the action
const reject = {
  ...rejectTransaction,
  responses: { ...rejectTransaction.responses, 200: json(z.union([TransactionSchema, AgentActionSchema]), "The transaction after the change, or the agent's rejected action") },
}
const cancel = transactionAction('cancel', 'cancelTransaction', 'TRANSACT', CancelTransactionRequestSchema, 'Cancel a payout that has not settled', 409)

/**
 * `agents` decides first on a transaction an agent's action waits to create (see
 * DecideAgentTransaction); payments decides on every other.
 */
export function registerTransactionRoutes(app: GatewayApp, payments: PaymentsServiceClient, agents: AgentsServiceClient): void {
  app.openapi(listTransactions, async (c) => {
    const { pageJson } = await callUnary(payments, payments.listTransactions, listQueryToProto(c.req.valid('query')), callContext(c))
    return ownedJson<TransactionListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getTransaction, async (c) => {
    const { transactionJson } = await callUnary(payments, payments.getTransaction, c.req.valid('param'), callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
  app.openapi(confirmReceipt, async (c) => {
    const { receiptDeliveryConfirmedAt } = c.req.valid('json')
    const request = { ...c.req.valid('param'), receiptDeliveryConfirmedAt: receiptDeliveryConfirmedAt === undefined ? undefined : new Date(receiptDeliveryConfirmedAt) }
    const { transactionJson } = await callUnary(payments, payments.confirmReceiptDelivery, request, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
  app.openapi(approve, async (c) => {
    const request = { ...c.req.valid('param'), ...c.req.valid('json') }
    const agentDecision = await callUnary(agents, agents.decideAgentTransaction, { transactionId: request.transactionId, approve: true }, callContext(c))
    if (agentDecision.handled) return ownedJson<Transaction, 200>(c, agentDecision.bodyJson, 200)
    const { transactionJson } = await callUnary(payments, payments.approveTransaction, request, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
  app.openapi(reject, async (c) => {
    const request = { ...c.req.valid('param'), ...c.req.valid('json') }
    const agentDecision = await callUnary(agents, agents.decideAgentTransaction, { ...request, approve: false }, callContext(c))
    // an agent's rejected action never created its transaction: the answer is the action
    if (agentDecision.handled) return ownedJson<AgentAction, 200>(c, agentDecision.bodyJson, 200)
    const { transactionJson } = await callUnary(payments, payments.rejectTransaction, request, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
  app.openapi(cancel, async (c) => {
    const request = { ...c.req.valid('param'), ...c.req.valid('json') }
    const { transactionJson } = await callUnary(payments, payments.cancelTransaction, request, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
}
