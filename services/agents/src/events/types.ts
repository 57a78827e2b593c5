/** Events this service publishes, on subjects `events.agents.<type>`. */
export const EVENT_SOURCE = 'agents'

export const AgentsEventType = {
  /** An agent was paused, resumed, deleted, re-connected or given a new policy: gateways drop its cached access. */
  agentChanged: 'AGENT.CHANGED',
} as const

/** An agent action's state change (`AGENT_ACTION.PENDING_APPROVAL`, ...): its data is the action as the API shows it. */
export type AgentActionEventType = `AGENT_ACTION.${string}`

export type AgentsEventType = (typeof AgentsEventType)[keyof typeof AgentsEventType] | AgentActionEventType

/** What AGENT.CHANGED carries: the agent whose cached authentication is stale. */
export interface AgentEventData {
  agentId: string
}
