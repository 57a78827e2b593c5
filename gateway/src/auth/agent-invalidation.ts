import type { NatsConnection } from '@nats-io/transport-node'
import { eventSubject, type EventVerifier } from '@pp/events'
import type { Logger } from '@pp/logging'
import { subscribeToEvictions, type TokenInvalidation } from './token-invalidation.js'

/** Published by the agents service when an agent is paused, resumed, deleted, re-connected or re-policied. */
export const AGENT_CHANGED_SUBJECT = eventSubject('agents', 'AGENT.CHANGED')

/** Drops the agent's cached Bearer authentication in this replica as soon as the agents service announces a change. */
export const subscribeToAgentChanges = (nats: NatsConnection, evictAgent: (agentId: string) => void, verifier: EventVerifier, logger: Logger): TokenInvalidation =>
  subscribeToEvictions(nats, AGENT_CHANGED_SUBJECT, 'agentId', evictAgent, verifier, logger)
