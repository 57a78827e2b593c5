/** Events this service publishes, on subjects `events.platform.<type>`. */
export const EVENT_SOURCE = 'platform'

export const PlatformEventType = {
  /** A new platform with its configuration per environment: services that keep per-platform state set it up. */
  created: 'PLATFORM.CREATED',
  configUpdated: 'PLATFORM.CONFIG_UPDATED',
  tokenCreated: 'TOKEN.CREATED',
  tokenDeleted: 'TOKEN.DELETED',
} as const

export type PlatformEventType = (typeof PlatformEventType)[keyof typeof PlatformEventType]

/** What token events carry: enough to drop a cached authentication, never the secret. */
export interface TokenEventData {
  tokenId: string
  clientId: string
}
