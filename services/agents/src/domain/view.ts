import type * as contract from '@pp/contracts'
import { currentUsage } from './policy.js'
import type { Agent, AgentAction, AgentPolicy } from './types.js'

/** The API's Agent: usage as of now (a counter of an earlier day or month reads zero). */
export function agentView(agent: Agent, now: Date): contract.Agent {
  const usage = currentUsage(agent.usage, now)
  return {
    id: agent.id,
    name: agent.name,
    customerId: agent.customerId,
    isPaused: agent.isPaused,
    isConnected: agent.isConnected,
    policy: agent.policy,
    usage: {
      dailyTransactionCount: usage.dailyCount,
      dailySpend: Number(usage.dailySpend),
      dailyResetDate: usage.day,
      monthlySpend: Number(usage.monthlySpend),
      monthlyResetMonth: usage.month,
    },
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  }
}

export const deviceCodeView = (code: string, agentId: string, expiresAt: Date): contract.AgentDeviceCode => ({ code, agentId, expiresAt: expiresAt.toISOString(), redeemed: false })

export const redeemView = (agent: Agent, accessToken: string, policy: AgentPolicy): contract.AgentDeviceCodeRedeem => ({ agentId: agent.id, agentName: agent.name, accessToken, policy })

/**
 * The API's AgentAction. The quote and transaction inside are the payments service's own JSON as
 * it was when the action was submitted and when it executed, embedded unchanged.
 */
export function actionView(action: AgentAction): contract.AgentAction {
  return {
    id: action.id,
    agentId: action.agentId,
    customerId: action.customerId,
    platformCustomerId: action.platformCustomerId,
    status: action.status,
    type: action.type,
    ...(action.type === 'EXECUTE_QUOTE' && { quote: JSON.parse(action.quoteJson) as contract.Quote }),
    ...(action.transferDetails && { transferDetails: action.transferDetails }),
    ...(action.transactionJson && { transaction: JSON.parse(action.transactionJson) as contract.Transaction }),
    ...(action.rejectionReason && { rejectionReason: action.rejectionReason }),
    createdAt: action.createdAt.toISOString(),
    updatedAt: action.updatedAt.toISOString(),
  }
}
