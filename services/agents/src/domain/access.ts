import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { findAgentById, findAgentByToken, insertAgentToken, redeemDeviceCode, revokeAgentTokens, updateAgent as updateAgentRow } from '../db/agents.db.js'
import { hashSecret, isAccessToken, isDeviceCode, newAccessToken } from './credentials.js'
import type { AgentDeps } from './deps.js'
import { announceAgentChange } from './manage-agents.js'
import type { Agent } from './types.js'
import { redeemView } from './view.js'

const codeRefused = () => new ApiError('NOT_FOUND', 'Device code not found, already redeemed, replaced or expired')

/**
 * Redeems a device code for the agent's access token (shown this once, kept as its hash). The
 * code's single conditional update decides between concurrent redemptions; the agent's earlier
 * token is revoked in the same transaction, and gateways drop it from their caches.
 */
export async function redeemAgentDeviceCode(deps: AgentDeps, code: string) {
  if (!isDeviceCode(code)) throw codeRefused()
  const now = deps.now()
  const accessToken = newAccessToken()
  const agent = await inTransaction(deps.db, async (tx) => {
    const agentId = await redeemDeviceCode(tx, hashSecret(code), now)
    if (!agentId) throw codeRefused()
    const redeemed = await findAgentById(tx, agentId)
    if (!redeemed) throw codeRefused()
    await revokeAgentTokens(tx, agentId, now)
    await insertAgentToken(tx, agentId, hashSecret(accessToken), now)
    const connected = await updateAgentRow(tx, redeemed, agentId, { isConnected: true }, now)
    await announceAgentChange(tx, redeemed, agentId)
    return connected ?? redeemed
  })
  return redeemView(agent, accessToken, agent.policy)
}

/** The agent a Bearer token acts as; 401 UNAUTHORIZED naming why not. One indexed read, whatever the token. */
export async function authenticateAgentToken(deps: AgentDeps, accessToken: string): Promise<Agent> {
  if (!isAccessToken(accessToken)) throw new ApiError('UNAUTHORIZED', 'The Bearer token is not an agent access token')
  const agent = await findAgentByToken(deps.db, hashSecret(accessToken))
  if (!agent) throw new ApiError('UNAUTHORIZED', 'Unknown or revoked agent access token')
  if (agent.deletedAt) throw new ApiError('UNAUTHORIZED', 'The agent was deleted')
  if (agent.isPaused) throw new ApiError('UNAUTHORIZED', 'The agent is paused')
  return agent
}
