import { callUnary } from '@pp/grpc'
import type { AgentsServiceClient } from '@pp/proto/agents/v1/agents'
import { environmentOf } from '../grpc/platform-authenticator.js'
import type { Authenticator } from './authenticator.js'

/**
 * Checks an agent's access token (the cache's "secret") with the agents service, which answers
 * UNAUTHORIZED for an unknown, revoked, deleted or paused one. The principal acts for the agent's
 * tenant; `tokenId` is the agent id, so that evicting the agent drops its cached token.
 */
export const agentAuthenticator = (agents: AgentsServiceClient): Authenticator =>
  async function authenticateAgent(credentials, requestId) {
    const agent = await callUnary(agents, agents.authenticateAgentToken, { accessToken: credentials.clientSecret }, { requestId })
    return {
      platformId: agent.platformId,
      environment: environmentOf(agent.environment),
      tokenId: agent.agentId,
      permissions: [],
      agent: { agentId: agent.agentId, customerId: agent.customerId, permissions: agent.permissions },
    }
  }
