import type { NatsConnection } from '@nats-io/transport-node'
import { eventSubject, type EventVerifier } from '@pp/events'
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
  verifier: EventVerifier,
  logger: Logger,
): TokenInvalidation {
  return subscribeToEvictions(nats, TOKEN_DELETED_SUBJECT, 'tokenId', evictToken, verifier, logger)
}

/**
 * Evicts, on every event of `subject` its source signed, the credential its `data[field]` names (a
 * token, an agent). Unproven events are dropped: one would only cost a replica a cache entry, but
 * nothing read from NATS is believed unchecked.
 */
export function subscribeToEvictions(
  nats: NatsConnection,
  subject: string,
  field: string,
  evict: (id: string) => void,
  verifier: EventVerifier,
  logger: Logger,
): TokenInvalidation {
  const subscription = nats.subscribe(subject)
  const done = (async () => {
    for await (const message of subscription) {
      const received = { subject: message.subject, headers: message.headers, envelope: parsed(message.string()) }
      if (!verifier.accepts(received)) continue
      const id = namedId(received.envelope.data, field)
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

function parsed(payload: string): unknown {
  try {
    return JSON.parse(payload)
  } catch {
    return undefined
  }
}

function namedId(data: unknown, field: string): string | undefined {
  const id = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined
  return typeof id === 'string' && id.length > 0 ? id : undefined
}
