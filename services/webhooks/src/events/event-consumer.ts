import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, type EventEnvelope, type EventVerifier, type RunningConsumer } from '@pp/events'
import type { Logger } from '@pp/logging'
import type { WebhooksDeps } from '../domain/deps.js'
import { enqueueEvent } from '../domain/delivery/enqueue-event.js'
import type { DeliveryWorker } from '../domain/delivery/worker.js'
import { followConfigEvent } from '../domain/endpoint/follow-config.js'

export interface EventConsumerOptions {
  nats: NatsConnection
  durableName: string
  filterSubject: string
  verifier: EventVerifier
  startTime?: Date
  deps: WebhooksDeps
  worker: DeliveryWorker
  logger: Logger
}

// each event only becomes a row of its own (delivery ids are minted in stream order, before any await)
const EVENTS_AT_ONCE = 64

/**
 * Takes events from the EVENTS stream through a durable consumer, keeps the platforms' webhook
 * configuration from their events and otherwise only queues webhooks: the message is acked once
 * the delivery row is committed, so nothing is lost when this process stops, and delivery itself
 * (slow, retried) never holds the stream back.
 */
export function startEventConsumer(options: EventConsumerOptions): Promise<RunningConsumer> {
  const { deps, worker, logger } = options
  return consumeEvents({
    nats: options.nats,
    durableName: options.durableName,
    filterSubject: options.filterSubject,
    startTime: options.startTime,
    verifier: options.verifier,
    logger,
    concurrency: EVENTS_AT_ONCE,
    async handle(event: EventEnvelope) {
      // the platform's webhook configuration, which every replica's next claim reads
      if (await followConfigEvent(deps, event)) return
      const outcome = await enqueueEvent(deps, event)
      // a queued delivery is announced to every replica's worker by its own NOTIFY; a redelivered event
      // may be one whose handler stopped after the commit, before any worker claimed it
      if (outcome === 'DUPLICATE') worker.wake()
      if (outcome === 'MALFORMED') logger.warn({ eventId: event.id, type: event.type }, 'event names no tenant; no webhook queued')
    },
  })
}
