import type { NatsConnection } from '@nats-io/transport-node'
import { eventSubject, type EventVerifier } from '@pp/events'
import type { Logger } from '@pp/logging'
import { subscribeToEvictions, type TokenInvalidation } from './token-invalidation.js'

/** Published by the platform service when an agent is paused, resumed, deleted, re-connected or re-policied. */
export const AGENT_CHANGED_SUBJECT = eventSubject('platform', 'AGENT.CHANGED')

/** Drops the agent's cached Bearer authentication in this replica as soon as the platform announces a change. */
export const subscribeToAgentChanges = (nats: NatsConnection, evictAgent: (agentId: string) => void, verifier: EventVerifier, logger: Logger): TokenInvalidation =>
  subscribeToEvictions(nats, AGENT_CHANGED_SUBJECT, 'agentId', evictAgent, verifier, logger)
