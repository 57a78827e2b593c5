/** Events this service publishes, on subjects `events.platform.<type>`. */
export const EVENT_SOURCE = 'platform'

export const PlatformEventType = {
  /** A new platform with its configuration per environment: services that keep per-platform state set it up. */
  created: 'PLATFORM.CREATED',
  configUpdated: 'PLATFORM.CONFIG_UPDATED',
  /**
   * The webhookEndpoint changed (set for the first time, or to another URL), beside the
   * CONFIG_UPDATED of the same change: the webhooks service starts the new endpoint afresh and
   * sends it a TEST webhook, as the reference does when an endpoint is configured.
   */
  webhookEndpointChanged: 'PLATFORM.WEBHOOK_ENDPOINT_CHANGED',
  tokenCreated: 'TOKEN.CREATED',
  tokenDeleted: 'TOKEN.DELETED',
  /** An agent was paused, resumed, deleted, re-connected or given a new policy: gateways drop its cached access. */
  agentChanged: 'AGENT.CHANGED',
} as const

/** An agent action's state change (`AGENT_ACTION.PENDING_APPROVAL`, ...): its data is the action as the API shows it. */
export type AgentActionEventType = `AGENT_ACTION.${string}`

export type PlatformEventType = (typeof PlatformEventType)[keyof typeof PlatformEventType] | AgentActionEventType

/** What token events carry: enough to drop a cached authentication, never the secret. */
export interface TokenEventData {
  tokenId: string
  clientId: string
}

/** What PLATFORM.WEBHOOK_ENDPOINT_CHANGED carries; `updatedAt` is the configuration's, which orders changes. */
export interface WebhookEndpointChangedData {
  webhookEndpoint?: string
  previousWebhookEndpoint?: string
  updatedAt: string
}

/** What AGENT.CHANGED carries: the agent whose cached authentication is stale. */
export interface AgentEventData {
  agentId: string
}
