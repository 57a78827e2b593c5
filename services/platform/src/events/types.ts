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
} as const

export type PlatformEventType = (typeof PlatformEventType)[keyof typeof PlatformEventType]

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
