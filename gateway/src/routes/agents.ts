import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import { AgentPolicy, AgentAccountRestrictions, type AgentsServiceClient, type UpdateAgentPolicyRequest } from '@pp/proto/agents/v1/agents'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  type AgentAction,
  type AgentActionListJson,
  AgentActionListSchema,
  AgentActionParamsSchema,
  AgentActionRejectRequestSchema,
  AgentActionSchema,
  AgentCreateRequestSchema,
  type AgentCreateResponseJson,
  AgentCreateResponseSchema,
  type AgentDeviceCode,
  type AgentDeviceCodeRedeem,
  AgentDeviceCodeRedeemSchema,
  AgentDeviceCodeSchema,
  type AgentDeviceCodeStatusJson,
  AgentDeviceCodeStatusSchema,
  AgentIdParamsSchema,
  type Agent,
  type AgentListJson,
  AgentListSchema,
  AgentPolicyUpdateRequestSchema,
  AgentSchema,
  AgentUpdateRequestSchema,
  DeviceCodeParamsSchema,
  errorResponses,
  ListAgentApprovalsQuerySchema,
  ListAgentsQuerySchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Agent Management']
const optionalBody = <T>(schema: T) => ({ required: false, content: { 'application/json': { schema } } })
const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))

const createAgent = createRoute({
  method: 'post',
  path: '/agents',
  operationId: 'createAgent',
  ...requires('MANAGE'),
  tags,
  summary: 'Create an agent for a customer, with its policy and a device code to install it',
  request: { body: jsonBody(AgentCreateRequestSchema) },
  responses: { 201: json(AgentCreateResponseSchema, 'The agent and its device code'), ...errorResponses(400, 404) },
})

const listAgents = createRoute({
  method: 'get',
  path: '/agents',
  operationId: 'listAgents',
  ...requires('VIEW'),
  tags,
  summary: 'List agents, newest first',
  request: { query: ListAgentsQuerySchema },
  responses: { 200: json(AgentListSchema, 'A page of agents'), ...errorResponses(400) },
})

const listApprovals = createRoute({
  method: 'get',
  path: '/agents/approvals',
  operationId: 'listAgentApprovals',
  ...requires('VIEW'),
  tags,
  summary: "List agents' actions waiting for the platform's approval",
  request: { query: ListAgentApprovalsQuerySchema },
  responses: { 200: json(AgentActionListSchema, 'A page of actions'), ...errorResponses(400) },
})

const getAgent = createRoute({
  method: 'get',
  path: '/agents/{agentId}',
  operationId: 'getAgentById',
  ...requires('VIEW'),
  tags,
  summary: 'Get an agent, with its policy and usage',
  request: { params: AgentIdParamsSchema },
  responses: { 200: json(AgentSchema, 'The agent'), ...errorResponses(404) },
})

const updateAgent = createRoute({
  method: 'patch',
  path: '/agents/{agentId}',
  operationId: 'updateAgent',
  ...requires('MANAGE'),
  tags,
  summary: 'Rename, pause or resume an agent',
  request: { params: AgentIdParamsSchema, body: jsonBody(AgentUpdateRequestSchema) },
  responses: { 200: json(AgentSchema, 'The agent'), ...errorResponses(400, 404) },
})

const deleteAgent = createRoute({
  method: 'delete',
  path: '/agents/{agentId}',
  operationId: 'deleteAgent',
  ...requires('MANAGE'),
  tags,
  summary: 'Delete an agent; its access token stops working at once',
  request: { params: AgentIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404) },
})

const updatePolicy = createRoute({
  method: 'patch',
  path: '/agents/{agentId}/policy',
  operationId: 'updateAgentPolicy',
  ...requires('MANAGE'),
  tags,
  summary: "Change parts of an agent's policy; it applies from the next action",
  request: { params: AgentIdParamsSchema, body: jsonBody(AgentPolicyUpdateRequestSchema) },
  responses: { 200: json(AgentSchema, 'The agent'), ...errorResponses(400, 404) },
})

const regenerateDeviceCode = createRoute({
  method: 'post',
  path: '/agents/{agentId}/device-codes',
  operationId: 'regenerateAgentDeviceCode',
  ...requires('MANAGE'),
  tags,
  summary: "Issue a new device code; the agent's unredeemed codes stop working",
  request: { params: AgentIdParamsSchema },
  responses: { 201: json(AgentDeviceCodeSchema, 'The device code'), ...errorResponses(404) },
})

const approveAction = createRoute({
  method: 'post',
  path: '/agents/{agentId}/actions/{actionId}/approve',
  operationId: 'approveAgentAction',
  ...requires('TRANSACT'),
  tags,
  summary: "Approve an agent's action waiting for approval: it executes now",
  request: { params: AgentActionParamsSchema },
  responses: { 200: json(AgentActionSchema, 'The action: APPROVED with its transaction, or FAILED'), ...errorResponses(400, 404, 409) },
})

const rejectAction = createRoute({
  method: 'post',
  path: '/agents/{agentId}/actions/{actionId}/reject',
  operationId: 'rejectAgentAction',
  ...requires('TRANSACT'),
  tags,
  summary: "Reject an agent's action waiting for approval: nothing moves",
  request: { params: AgentActionParamsSchema, body: optionalBody(AgentActionRejectRequestSchema) },
  responses: { 200: json(AgentActionSchema, 'The rejected action'), ...errorResponses(400, 404, 409) },
})

const deviceCodeStatus = createRoute({
  method: 'get',
  path: '/agents/device-codes/{code}/status',
  operationId: 'getAgentDeviceCodeStatus',
  ...requires('VIEW'),
  tags,
  summary: 'Whether a device code was redeemed',
  request: { params: DeviceCodeParamsSchema },
  responses: { 200: json(AgentDeviceCodeStatusSchema, 'The status'), ...errorResponses(404) },
})

const redeemDeviceCode = createRoute({
  method: 'post',
  path: '/agents/device-codes/{code}/redeem',
  operationId: 'redeemAgentDeviceCode',
  // no platform credentials: the code is the proof, and it works once
  security: [],
  tags,
  summary: "Redeem a device code for the agent's access token, shown this once",
  request: { params: DeviceCodeParamsSchema },
  responses: { 200: json(AgentDeviceCodeRedeemSchema, 'The access token and policy'), ...errorResponses(400, 404) },
})

type PolicyUpdateBody = ReturnType<typeof AgentPolicyUpdateRequestSchema.parse>
type RestrictionsBody = NonNullable<PolicyUpdateBody['accountRestrictions']>

const amount = (value: number | null | undefined) => (value == null ? undefined : BigInt(value))

const restrictionsToProto = (body: RestrictionsBody | undefined) =>
  body &&
  AgentAccountRestrictions.fromPartial({
    hasAllowedAccountIds: body.allowedAccountIds != null,
    allowedAccountIds: body.allowedAccountIds ?? [],
    accountRules: (body.accountRules ?? []).map((rule) => ({ ...rule, perTransactionLimit: amount(rule.perTransactionLimit) })),
  })

const thresholdsToProto = (body: PolicyUpdateBody['approvalThresholds']) => body && { currency: body.currency, amount: amount(body.amount) }

function policyToProto(policy: ReturnType<typeof AgentCreateRequestSchema.parse>['policy']): AgentPolicy {
  const limits = policy.spendingLimits
  return AgentPolicy.fromPartial({
    permissions: policy.permissions,
    defaultExecutionMode: policy.defaultExecutionMode,
    spendingLimits: {
      currency: limits.currency,
      perTransactionLimit: BigInt(limits.perTransactionLimit),
      dailyLimit: amount(limits.dailyLimit),
      dailyTransactionLimit: amount(limits.dailyTransactionLimit),
      monthlyLimit: amount(limits.monthlyLimit),
    },
    accountRestrictions: restrictionsToProto(policy.accountRestrictions),
    approvalThresholds: thresholdsToProto(policy.approvalThresholds),
  })
}

function policyUpdateToProto(agentId: string, body: PolicyUpdateBody): UpdateAgentPolicyRequest {
  const limits = body.spendingLimits
  return {
    agentId,
    hasPermissions: body.permissions !== undefined,
    permissions: body.permissions ?? [],
    defaultExecutionMode: body.defaultExecutionMode,
    spendingLimits: limits && {
      currency: limits.currency,
      perTransactionLimit: amount(limits.perTransactionLimit),
      dailyLimit: amount(limits.dailyLimit),
      clearDailyLimit: limits.dailyLimit === null,
      dailyTransactionLimit: amount(limits.dailyTransactionLimit),
      monthlyLimit: amount(limits.monthlyLimit),
      clearMonthlyLimit: limits.monthlyLimit === null,
    },
    accountRestrictions: restrictionsToProto(body.accountRestrictions),
    approvalThresholds: thresholdsToProto(body.approvalThresholds),
  }
}

/**
 * The platform's management of its agents (Basic credentials). `evictAgent` drops an agent's
 * cached Bearer authentication in this replica at once when it is paused, deleted or re-policied;
 * other replicas hear it from the agents service's AGENT.CHANGED event. Register before the agent
 * operations' `/agents/me` routes would be taken for an agent id, and `/agents/approvals` before
 * `/agents/{agentId}`.
 */
export function registerAgentRoutes(app: GatewayApp, agents: AgentsServiceClient, evictAgent: (agentId: string) => void): void {
  app.openapi(createAgent, async (c) => {
    const { policy, ...body } = c.req.valid('json')
    const { responseJson } = await callUnary(agents, agents.createAgent, { ...body, policy: policyToProto(policy) }, callContext(c))
    return ownedJson<AgentCreateResponseJson, 201>(c, responseJson, 201)
  })
  app.openapi(listAgents, async (c) => {
    const query = c.req.valid('query')
    const request = {
      ...query,
      createdAfter: date(query.createdAfter),
      createdBefore: date(query.createdBefore),
      updatedAfter: date(query.updatedAfter),
      updatedBefore: date(query.updatedBefore),
    }
    const { pageJson } = await callUnary(agents, agents.listAgents, request, callContext(c))
    return ownedJson<AgentListJson, 200>(c, pageJson, 200)
  })
  app.openapi(listApprovals, async (c) => {
    const query = c.req.valid('query')
    const request = { ...query, startDate: date(query.startDate), endDate: date(query.endDate) }
    const { pageJson } = await callUnary(agents, agents.listAgentApprovals, request, callContext(c))
    return ownedJson<AgentActionListJson, 200>(c, pageJson, 200)
  })
  app.openapi(deviceCodeStatus, async (c) => {
    const { statusJson } = await callUnary(agents, agents.getAgentDeviceCodeStatus, c.req.valid('param'), callContext(c))
    return ownedJson<AgentDeviceCodeStatusJson, 200>(c, statusJson, 200)
  })
  app.openapi(redeemDeviceCode, async (c) => {
    // no tenant yet: the code selects it
    const { responseJson } = await callUnary(agents, agents.redeemAgentDeviceCode, c.req.valid('param'), { requestId: c.get('requestId') })
    return ownedJson<AgentDeviceCodeRedeem, 200>(c, responseJson, 200)
  })
  app.openapi(getAgent, async (c) => {
    const { agentJson } = await callUnary(agents, agents.getAgent, c.req.valid('param'), callContext(c))
    return ownedJson<Agent, 200>(c, agentJson, 200)
  })
  app.openapi(updateAgent, async (c) => {
    const { agentId } = c.req.valid('param')
    const { agentJson } = await callUnary(agents, agents.updateAgent, { agentId, ...c.req.valid('json') }, callContext(c))
    evictAgent(agentId)
    return ownedJson<Agent, 200>(c, agentJson, 200)
  })
  app.openapi(deleteAgent, async (c) => {
    const { agentId } = c.req.valid('param')
    await callUnary(agents, agents.deleteAgent, { agentId }, callContext(c))
    evictAgent(agentId)
    return c.body(null, 204)
  })
  app.openapi(updatePolicy, async (c) => {
    const { agentId } = c.req.valid('param')
    const { agentJson } = await callUnary(agents, agents.updateAgentPolicy, policyUpdateToProto(agentId, c.req.valid('json')), callContext(c))
    evictAgent(agentId)
    return ownedJson<Agent, 200>(c, agentJson, 200)
  })
  app.openapi(regenerateDeviceCode, async (c) => {
    const { deviceCodeJson } = await callUnary(agents, agents.regenerateAgentDeviceCode, c.req.valid('param'), callContext(c))
    return ownedJson<AgentDeviceCode, 201>(c, deviceCodeJson, 201)
  })
  app.openapi(approveAction, async (c) => {
    // approving executes the action's payment behind the agents service
    const { actionJson } = await callUnary(agents, agents.approveAgentAction, c.req.valid('param'), callContext(c), 30_000)
    return ownedJson<AgentAction, 200>(c, actionJson, 200)
  })
  app.openapi(rejectAction, async (c) => {
    const { actionJson } = await callUnary(agents, agents.rejectAgentAction, { ...c.req.valid('param'), ...c.req.valid('json') }, callContext(c))
    return ownedJson<AgentAction, 200>(c, actionJson, 200)
  })
}
