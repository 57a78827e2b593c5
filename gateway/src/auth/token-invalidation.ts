import type { NatsConnection } from '@nats-io/transport-node'
import { eventSubject, type EventEnvelope } from '@pp/events'
import type { Logger } from '@pp/logging'

/** Published by the platform service when an API token is deleted. */
export const TOKEN_DELETED_SUBJECT = eventSubject('platform', 'TOKEN.DELETED')

export interface TokenInvalidation {
  stop(): Promise<void>
}

/**
 * Drops a deleted token from this replica's credential cache as soon as the platform announces
 * the deletion, so no replica keeps accepting it for the rest of the cache TTL. A plain core
 * subscription, not a durable consumer: every replica must see every deletion, and one missed
 * while disconnected is only remembered until the TTL ends anyway.
 */
export function subscribeToTokenDeletions(
  nats: NatsConnection,
  evictToken: (tokenId: string) => void,
  logger: Logger,
): TokenInvalidation {
  const subscription = nats.subscribe(TOKEN_DELETED_SUBJECT)
  const done = (async () => {
    for await (const message of subscription) {
      const tokenId = deletedTokenId(message.string())
      if (tokenId === undefined) {
        logger.warn({ subject: message.subject }, 'ignoring a token deletion event without a tokenId')
        continue
      }
      evictToken(tokenId)
    }
  })()
  return {
    async stop() {
      subscription.unsubscribe()
      await done
    },
  }
}

function deletedTokenId(payload: string): string | undefined {
  try {
    const event = JSON.parse(payload) as Partial<EventEnvelope<{ tokenId?: unknown }>>
    const tokenId = event.data?.tokenId
    return typeof tokenId === 'string' && tokenId.length > 0 ? tokenId : undefined
  } catch {
    return undefined
  }
}
