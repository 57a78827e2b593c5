import { callerOf, tenantFrom, unaryService, type HandlerContext } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type * as pb from '@pp/proto/agents/v1/agents'
import { environmentFromJSON } from '@pp/proto/platform/v1/platform'
import { authenticateAgentToken, redeemAgentDeviceCode } from '../domain/access.js'
import { approveAgentAction, decideAgentTransaction, listAgentActions, listApprovals, rejectAgentAction } from '../domain/decisions.js'
import type { AgentDeps } from '../domain/deps.js'
import { mustFindAction } from '../domain/actions.js'
import {
  createAgent,
  deleteAgent,
  deviceCodeStatus,
  listAgents,
  mustFindAgent,
  regenerateDeviceCode,
  updateAgent,
  updateAgentPolicy,
} from '../domain/manage-agents.js'
import { createAgentQuote, createAgentTransfer, executeAgentQuote, getAgentQuote } from '../domain/operations.js'
import type { AgentAction } from '../domain/types.js'
import { actionView, agentView } from '../domain/view.js'
import { policyFromProto, policyUpdateFromProto } from './agents-mapping.js'

const actionAnswer = (action: AgentAction) => ({ actionJson: JSON.stringify(actionView(action)) })

/**
 * agents.v1.AgentsService: agents, their device codes and access tokens, and what they do.
 * Agents, actions and device codes answer as the API's JSON of their views.
 */
export function agentsService(deps: AgentDeps, logger: Logger): pb.AgentsServiceServer {
  const agentAnswer = async (ctx: HandlerContext, agentId: string) => ({ agentJson: JSON.stringify(agentView(await mustFindAgent(deps, tenantFrom(ctx), agentId), deps.now())) })
  return unaryService(logger, {
    async createAgent(req: pb.CreateAgentRequest, ctx): Promise<pb.CreateAgentResponse> {
      const created = await createAgent(deps, callerOf(ctx), { name: req.name, customerId: req.customerId, policy: policyFromProto(req.policy) })
      return { responseJson: JSON.stringify(created) }
    },
    async listAgents(req: pb.ListAgentsRequest, ctx): Promise<pb.ListAgentsResponse> {
      return { pageJson: JSON.stringify(await listAgents(deps, tenantFrom(ctx), req)) }
    },
    async getAgent(req: pb.GetAgentRequest, ctx): Promise<pb.GetAgentResponse> {
      return agentAnswer(ctx, req.agentId)
    },
    async updateAgent(req: pb.UpdateAgentRequest, ctx): Promise<pb.UpdateAgentResponse> {
      return { agentJson: JSON.stringify(await updateAgent(deps, tenantFrom(ctx), req.agentId, req)) }
    },
    async updateAgentPolicy(req: pb.UpdateAgentPolicyRequest, ctx): Promise<pb.UpdateAgentPolicyResponse> {
      return { agentJson: JSON.stringify(await updateAgentPolicy(deps, tenantFrom(ctx), req.agentId, policyUpdateFromProto(req))) }
    },
    async deleteAgent(req: pb.DeleteAgentRequest, ctx): Promise<pb.DeleteAgentResponse> {
      await deleteAgent(deps, tenantFrom(ctx), req.agentId)
      return {}
    },
    async regenerateAgentDeviceCode(req: pb.RegenerateAgentDeviceCodeRequest, ctx): Promise<pb.RegenerateAgentDeviceCodeResponse> {
      return { deviceCodeJson: JSON.stringify(await regenerateDeviceCode(deps, tenantFrom(ctx), req.agentId)) }
    },
    async getAgentDeviceCodeStatus(req: pb.GetAgentDeviceCodeStatusRequest, ctx): Promise<pb.GetAgentDeviceCodeStatusResponse> {
      return { statusJson: JSON.stringify(await deviceCodeStatus(deps, tenantFrom(ctx), req.code)) }
    },
    async redeemAgentDeviceCode(req: pb.RedeemAgentDeviceCodeRequest): Promise<pb.RedeemAgentDeviceCodeResponse> {
      return { responseJson: JSON.stringify(await redeemAgentDeviceCode(deps, req.code)) }
    },
    async authenticateAgentToken(req: pb.AuthenticateAgentTokenRequest): Promise<pb.AuthenticateAgentTokenResponse> {
      const agent = await authenticateAgentToken(deps, req.accessToken)
      return {
        agentId: agent.id,
        platformId: agent.platformId,
        environment: environmentFromJSON(`ENVIRONMENT_${agent.environment}`),
        customerId: agent.customerId,
        permissions: agent.policy.permissions,
      }
    },
    async listAgentApprovals(req: pb.ListAgentApprovalsRequest, ctx): Promise<pb.ListAgentApprovalsResponse> {
      const query = { ...req, createdAfter: req.startDate, createdBefore: req.endDate }
      return { pageJson: JSON.stringify(await listApprovals(deps, tenantFrom(ctx), query)) }
    },
    async approveAgentAction(req: pb.ApproveAgentActionRequest, ctx): Promise<pb.ApproveAgentActionResponse> {
      return actionAnswer(await approveAgentAction(deps, callerOf(ctx), req.agentId, req.actionId))
    },
    async rejectAgentAction(req: pb.RejectAgentActionRequest, ctx): Promise<pb.RejectAgentActionResponse> {
      return actionAnswer(await rejectAgentAction(deps, callerOf(ctx), req.agentId, req.actionId, req.reason))
    },
    async decideAgentTransaction(req: pb.DecideAgentTransactionRequest, ctx): Promise<pb.DecideAgentTransactionResponse> {
      const body = await decideAgentTransaction(deps, callerOf(ctx), req.transactionId, { approve: req.approve, reason: req.reason })
      return { handled: body !== undefined, bodyJson: body ?? '' }
    },
    async createAgentQuote(req: pb.CreateAgentQuoteRequest, ctx): Promise<pb.CreateAgentQuoteResponse> {
      const quote = req.quote ?? { source: undefined, destination: undefined, lockedCurrencySide: '', lockedCurrencyAmount: 0n, immediatelyExecute: false }
      return { quoteJson: await createAgentQuote(deps, callerOf(ctx), req.agentId, quote) }
    },
    async getAgentQuote(req: pb.GetAgentQuoteRequest, ctx): Promise<pb.GetAgentQuoteResponse> {
      return { quoteJson: await getAgentQuote(deps, callerOf(ctx), req.agentId, req.quoteId) }
    },
    async executeAgentQuote(req: pb.ExecuteAgentQuoteRequest, ctx): Promise<pb.ExecuteAgentQuoteResponse> {
      return actionAnswer(await executeAgentQuote(deps, callerOf(ctx), req.agentId, req.quoteId))
    },
    async createAgentTransfer(req: pb.CreateAgentTransferRequest, ctx): Promise<pb.CreateAgentTransferResponse> {
      const type = req.type === 'TRANSFER_IN' ? 'TRANSFER_IN' : 'TRANSFER_OUT'
      const input = { type, sourceAccountId: req.sourceAccountId, destinationAccountId: req.destinationAccountId, amount: req.amount } as const
      return actionAnswer(await createAgentTransfer(deps, callerOf(ctx), req.agentId, input))
    },
    async listAgentActions(req: pb.ListAgentActionsRequest, ctx): Promise<pb.ListAgentActionsResponse> {
      return { pageJson: JSON.stringify(await listAgentActions(deps, tenantFrom(ctx), req.agentId, req)) }
    },
    async getAgentAction(req: pb.GetAgentActionRequest, ctx): Promise<pb.GetAgentActionResponse> {
      return actionAnswer(await mustFindAction(deps, tenantFrom(ctx), req.agentId, req.actionId))
    },
  })
}
