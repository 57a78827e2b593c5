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
  return subscribeToEvictions(nats, TOKEN_DELETED_SUBJECT, 'tokenId', evictToken, logger)
}

/** Evicts, on every event of `subject`, the credential its `data[field]` names (a token, an agent). */
export function subscribeToEvictions(
  nats: NatsConnection,
  subject: string,
  field: string,
  evict: (id: string) => void,
  logger: Logger,
): TokenInvalidation {
  const subscription = nats.subscribe(subject)
  const done = (async () => {
    for await (const message of subscription) {
      const id = namedId(message.string(), field)
      if (id === undefined) {
        logger.warn({ subject: message.subject }, `ignoring an event without a ${field}`)
        continue
      }
      evict(id)
    }
  })()
  return {
    async stop() {
      subscription.unsubscribe()
      await done
    },
  }
}

function namedId(payload: string, field: string): string | undefined {
  try {
    const event = JSON.parse(payload) as Partial<EventEnvelope<Record<string, unknown>>>
    const id = event.data?.[field]
    return typeof id === 'string' && id.length > 0 ? id : undefined
  } catch {
    return undefined
  }
}
