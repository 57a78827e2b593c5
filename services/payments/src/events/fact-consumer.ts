import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, type EventVerifier, type RunningConsumer } from '@pp/events'
import { isEnvironment, type Origin } from '@pp/tenancy'
import type { PaymentsDeps } from '../domain/deps.js'

/** A fact another service states for payments on a subject of its own (`events.<source>.<TYPE>`). */
export interface Fact<T> {
  /** The event type, named in the log line of one skipped. */
  type: string
  /** Names the durable consumer, `<EVENTS_CONSUMER_PREFIX>-<consumer>`, which replicas share. */
  consumer: string
  /** What the event states, or undefined when it lacks what acting on it needs. */
  read(data: unknown): T | undefined
  /** Acts on it for the tenant it concerns; throwing has it redelivered. */
  act(deps: PaymentsDeps, origin: Origin, fact: T): Promise<void>
}

export interface FactConsumerOptions {
  durablePrefix: string
  subject: string
  verifier: EventVerifier
  startTime?: Date
}

/**
 * The durable consumer of one fact. An event that is not a whole fact of a tenant is logged and
 * acknowledged: redelivering it would not help.
 */
export function consumeFact<T>(deps: PaymentsDeps, nats: NatsConnection, options: FactConsumerOptions, fact: Fact<T>): Promise<RunningConsumer> {
  return consumeEvents({
    nats,
    durableName: `${options.durablePrefix}-${fact.consumer}`,
    filterSubject: options.subject,
    logger: deps.logger,
    verifier: options.verifier,
    startTime: options.startTime,
    async handle(event) {
      const stated = fact.read(event.data)
      if (stated === undefined || !event.platformId || !isEnvironment(event.environment)) {
        return deps.logger.warn({ eventId: event.id }, `${fact.type} event without a whole fact; skipped`)
      }
      await fact.act(deps, { platformId: event.platformId, environment: event.environment, requestId: event.requestId }, stated)
    },
  })
}
