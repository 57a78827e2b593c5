import { createRoute } from '@hono/zod-openapi'
import { ApiError } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import type { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import type { AgentsServiceClient } from '@pp/proto/agents/v1/agents'
import type { Context } from 'hono'
import { callContext, type AgentPrincipal, type GatewayApp, type GatewayEnv } from '../context.js'
import { AGENT_AUTH_SCHEME } from '../openapi.js'
import {
  ActionIdParamsSchema,
  type AgentAction,
  type AgentActionListJson,
  AgentActionListSchema,
  AgentActionSchema,
  type Agent,
  AgentSchema,
  AgentTransferRequestSchema,
  CustomerExternalAccountCreateRequestSchema,
  errorResponses,
  ExternalAccountIdParamsSchema,
  type ExternalAccount,
  type ExternalAccountListJson,
  ExternalAccountListSchema,
  ExternalAccountSchema,
  IdempotencyHeadersSchema,
  type InternalAccountListJson,
  InternalAccountListSchema,
  ListAgentActionsQuerySchema,
  ListAgentExternalAccountsQuerySchema,
  ListAgentInternalAccountsQuerySchema,
  ListAgentTransactionsQuerySchema,
  QuoteIdParamsSchema,
  type Quote,
  QuoteRequestSchema,
  QuoteSchema,
  TransactionIdParamsSchema,
  type Transaction,
  type TransactionListJson,
  TransactionListSchema,
  TransactionSchema,
} from '@pp/contracts'
import { createBodyToProto } from './external-accounts-mapping.js'
import { json, jsonBody, ownedJson } from './json-responses.js'
import { listQueryToProto, quoteRequestToProto } from './payments-mapping.js'

const operation = { tags: ['Agent Operations'], security: [{ [AGENT_AUTH_SCHEME]: [] }] }
// an agent's payment is several calls behind the agents service (accounts, quote, policy, execution)
const MONEY_DEADLINE_MS = 30_000

/** The agent the Bearer token authenticated (the auth middleware sets it on every `/agents/me` route). */
function agentOf(c: Context<GatewayEnv>): AgentPrincipal {
  const agent = c.get('principal').agent
  if (!agent) throw new ApiError('UNAUTHORIZED', 'Agent routes take an agent\'s Bearer access token')
  return agent
}

/** 403 FORBIDDEN unless the agent's policy grants `permission` (reads; money movement is weighed by the agents service). */
function permitted(c: Context<GatewayEnv>, permission: string): AgentPrincipal {
  const agent = agentOf(c)
  if (!agent.permissions.includes(permission)) {
    throw new ApiError('FORBIDDEN', `The agent's policy does not grant ${permission}`, { requiredPermissions: [permission] })
  }
  return agent
}

const getMe = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me',
  operationId: 'getAgentMe',
  summary: 'The calling agent: its profile, policy and usage',
  responses: { 200: json(AgentSchema, 'The agent'), ...errorResponses() },
})

const listTransactions = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/transactions',
  operationId: 'agentListTransactions',
  summary: "The agent's customer's transactions",
  request: { query: ListAgentTransactionsQuerySchema },
  responses: { 200: json(TransactionListSchema, 'A page of transactions'), ...errorResponses(400) },
})

const getTransaction = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/transactions/{transactionId}',
  operationId: 'agentGetTransaction',
  summary: "One of the agent's customer's transactions",
  request: { params: TransactionIdParamsSchema },
  responses: { 200: json(TransactionSchema, 'The transaction'), ...errorResponses(404) },
})

const createQuote = createRoute({
  ...operation,
  method: 'post',
  path: '/agents/me/quotes',
  operationId: 'agentCreateQuote',
  summary: "Price a transfer from or to the agent's customer's accounts; immediatelyExecute executes it under the policy",
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(QuoteRequestSchema) },
  responses: { 201: json(QuoteSchema, 'The quote'), ...errorResponses(400, 404, 409) },
})

const getQuote = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/quotes/{quoteId}',
  operationId: 'agentGetQuote',
  summary: 'A quote the agent created',
  request: { params: QuoteIdParamsSchema },
  responses: { 200: json(QuoteSchema, 'The quote'), ...errorResponses(404) },
})

const executeQuote = createRoute({
  ...operation,
  method: 'post',
  path: '/agents/me/quotes/{quoteId}/execute',
  operationId: 'agentExecuteQuote',
  summary: "Execute the agent's quote under its policy: at once, or once the platform approves",
  request: { params: QuoteIdParamsSchema, headers: IdempotencyHeadersSchema },
  responses: { 200: json(AgentActionSchema, 'The action'), ...errorResponses(400, 404, 409) },
})

const listActions = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/actions',
  operationId: 'agentListActions',
  summary: "The agent's actions, newest first",
  request: { query: ListAgentActionsQuerySchema },
  responses: { 200: json(AgentActionListSchema, 'A page of actions'), ...errorResponses(400) },
})

const getAction = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/actions/{actionId}',
  operationId: 'agentGetAction',
  summary: "One of the agent's actions",
  request: { params: ActionIdParamsSchema },
  responses: { 200: json(AgentActionSchema, 'The action'), ...errorResponses(404) },
})

const transfer = (direction: 'in' | 'out') =>
  createRoute({
    ...operation,
    method: 'post',
    path: `/agents/me/transfer-${direction}`,
    operationId: direction === 'in' ? 'agentCreateTransferIn' : 'agentCreateTransferOut',
    summary:
      direction === 'in'
        ? "Pull from the customer's external account into its internal account, under the policy"
        : "Pay from the customer's internal account to its external account, under the policy",
    request: { headers: IdempotencyHeadersSchema, body: jsonBody(AgentTransferRequestSchema) },
    responses: { 201: json(AgentActionSchema, 'The action'), ...errorResponses(400, 404, 409) },
  })
const transferIn = transfer('in')
const transferOut = transfer('out')

const listInternalAccounts = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/internal-accounts',
  operationId: 'agentListInternalAccounts',
  summary: "The agent's customer's internal accounts",
  request: { query: ListAgentInternalAccountsQuerySchema },
  responses: { 200: json(InternalAccountListSchema, 'A page of accounts'), ...errorResponses(400) },
})

const listExternalAccounts = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/external-accounts',
  operationId: 'agentListExternalAccounts',
  summary: "The agent's customer's external accounts",
  request: { query: ListAgentExternalAccountsQuerySchema },
  responses: { 200: json(ExternalAccountListSchema, 'A page of accounts'), ...errorResponses(400) },
})

const AgentExternalAccountCreateSchema = CustomerExternalAccountCreateRequestSchema.partial({ customerId: true }).openapi('AgentExternalAccountCreateRequest')

const createExternalAccount = createRoute({
  ...operation,
  method: 'post',
  path: '/agents/me/external-accounts',
  operationId: 'agentCreateExternalAccount',
  summary: "Add an external account for the agent's customer",
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(AgentExternalAccountCreateSchema) },
  responses: { 201: json(ExternalAccountSchema, 'The account'), ...errorResponses(400, 404, 409) },
})

const getExternalAccount = createRoute({
  ...operation,
  method: 'get',
  path: '/agents/me/external-accounts/{externalAccountId}',
  operationId: 'agentGetExternalAccount',
  summary: "One of the agent's customer's external accounts",
  request: { params: ExternalAccountIdParamsSchema },
  responses: { 200: json(ExternalAccountSchema, 'The account'), ...errorResponses(404) },
})

const deleteExternalAccount = createRoute({
  ...operation,
  method: 'delete',
  path: '/agents/me/external-accounts/{externalAccountId}',
  operationId: 'agentDeleteExternalAccount',
  summary: "Delete one of the agent's customer's external accounts",
  request: { params: ExternalAccountIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404, 409) },
})

export interface AgentOperationClients {
  agents: AgentsServiceClient
  payments: PaymentsServiceClient
  internalAccounts: InternalAccountsServiceClient
  externalAccounts: ExternalAccountsServiceClient
}

/**
 * What an agent does with its own Bearer token, always for its customer: reads go to the same
 * services as the platform's routes with the customer fixed (another customer's resource is 404),
 * money movement goes through the agents service, which weighs it against the agent's policy.
 */
export function registerAgentOperationRoutes(app: GatewayApp, clients: AgentOperationClients): void {
  const { agents, payments, internalAccounts, externalAccounts } = clients
  app.openapi(getMe, async (c) => {
    const { agentJson } = await callUnary(agents, agents.getAgent, { agentId: agentOf(c).agentId }, callContext(c))
    return ownedJson<Agent, 200>(c, agentJson, 200)
  })
  app.openapi(listTransactions, async (c) => {
    const { customerId } = permitted(c, 'VIEW_TRANSACTIONS')
    const request = { ...listQueryToProto(c.req.valid('query')), customerId }
    const { pageJson } = await callUnary(payments, payments.listTransactions, request, callContext(c))
    return ownedJson<TransactionListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getTransaction, async (c) => {
    const { customerId } = permitted(c, 'VIEW_TRANSACTIONS')
    const { transactionJson } = await callUnary(payments, payments.getTransaction, { ...c.req.valid('param'), customerId }, callContext(c))
    return ownedJson<Transaction, 200>(c, transactionJson, 200)
  })
  app.openapi(createQuote, async (c) => {
    const request = { agentId: agentOf(c).agentId, quote: quoteRequestToProto(c.req.valid('json')) }
    const { quoteJson } = await callUnary(agents, agents.createAgentQuote, request, callContext(c), MONEY_DEADLINE_MS)
    return ownedJson<Quote, 201>(c, quoteJson, 201)
  })
  app.openapi(getQuote, async (c) => {
    const { quoteJson } = await callUnary(agents, agents.getAgentQuote, { agentId: agentOf(c).agentId, ...c.req.valid('param') }, callContext(c))
    return ownedJson<Quote, 200>(c, quoteJson, 200)
  })
  app.openapi(executeQuote, async (c) => {
    const request = { agentId: agentOf(c).agentId, ...c.req.valid('param') }
    const { actionJson } = await callUnary(agents, agents.executeAgentQuote, request, callContext(c), MONEY_DEADLINE_MS)
    return ownedJson<AgentAction, 200>(c, actionJson, 200)
  })
  app.openapi(listActions, async (c) => {
    const { pageJson } = await callUnary(agents, agents.listAgentActions, { agentId: agentOf(c).agentId, ...c.req.valid('query') }, callContext(c))
    return ownedJson<AgentActionListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getAction, async (c) => {
    const { actionJson } = await callUnary(agents, agents.getAgentAction, { agentId: agentOf(c).agentId, ...c.req.valid('param') }, callContext(c))
    return ownedJson<AgentAction, 200>(c, actionJson, 200)
  })
  for (const [route, type] of [
    [transferIn, 'TRANSFER_IN'],
    [transferOut, 'TRANSFER_OUT'],
  ] as const) {
    app.openapi(route, async (c) => {
      const { source, destination, amount } = c.req.valid('json')
      const request = { agentId: agentOf(c).agentId, type, sourceAccountId: source.accountId, destinationAccountId: destination.accountId, amount: BigInt(amount) }
      const { actionJson } = await callUnary(agents, agents.createAgentTransfer, request, callContext(c), MONEY_DEADLINE_MS)
      return ownedJson<AgentAction, 201>(c, actionJson, 201)
    })
  }
  app.openapi(listInternalAccounts, async (c) => {
    const { customerId } = permitted(c, 'VIEW_TRANSACTIONS')
    const { pageJson } = await callUnary(internalAccounts, internalAccounts.listCustomerInternalAccounts, { ...c.req.valid('query'), customerId }, callContext(c))
    return ownedJson<InternalAccountListJson, 200>(c, pageJson, 200)
  })
  app.openapi(listExternalAccounts, async (c) => {
    const { customerId } = permitted(c, 'MANAGE_EXTERNAL_ACCOUNTS')
    const request = { ownerKind: 'CUSTOMER', ...c.req.valid('query'), customerId }
    const { pageJson } = await callUnary(externalAccounts, externalAccounts.listExternalAccounts, request, callContext(c))
    return ownedJson<ExternalAccountListJson, 200>(c, pageJson, 200)
  })
  app.openapi(createExternalAccount, async (c) => {
    const { customerId } = permitted(c, 'MANAGE_EXTERNAL_ACCOUNTS')
    const body = c.req.valid('json')
    // the account is the agent's customer's; naming another customer finds nobody
    if (body.customerId !== undefined && body.customerId !== customerId) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${body.customerId} not found`)
    const request = createBodyToProto('CUSTOMER', { ...body, customerId })
    const { externalAccountJson } = await callUnary(externalAccounts, externalAccounts.createExternalAccount, request, callContext(c))
    return ownedJson<ExternalAccount, 201>(c, externalAccountJson, 201)
  })
  app.openapi(getExternalAccount, async (c) => {
    const { customerId } = permitted(c, 'MANAGE_EXTERNAL_ACCOUNTS')
    const request = { ownerKind: 'CUSTOMER', ...c.req.valid('param'), customerId }
    const { externalAccountJson } = await callUnary(externalAccounts, externalAccounts.getExternalAccount, request, callContext(c))
    return ownedJson<ExternalAccount, 200>(c, externalAccountJson, 200)
  })
  app.openapi(deleteExternalAccount, async (c) => {
    const { customerId } = permitted(c, 'MANAGE_EXTERNAL_ACCOUNTS')
    await callUnary(externalAccounts, externalAccounts.deleteExternalAccount, { ownerKind: 'CUSTOMER', ...c.req.valid('param'), customerId }, callContext(c))
    return c.body(null, 204)
  })
}
