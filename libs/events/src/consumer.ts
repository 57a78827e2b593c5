import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { httpStatusOf, isApiError } from '@pp/errors'
import type { Logger } from '@pp/logging'
import { inSpan, SpanKind, tracingEnabled } from '@pp/tracing'
import { EVENTS_STREAM, type EventEnvelope } from './envelope.js'
import type { EventVerifier } from './trust/verifier.js'

export interface ConsumerOptions {
  nats: NatsConnection
  durableName: string
  /** One subject pattern: the NATS server shipped with Debian (2.9) has no multi-filter consumers. */
  filterSubject: string
  logger: Logger
  /** Proves each event's producer before `handle` sees it. */
  verifier: EventVerifier
  handle(event: EventEnvelope): Promise<void>
  /** Redelivery delay after a failed handling. */
  retryDelayMs?: number
  ackWaitMs?: number
  /**
   * Where a NEW durable consumer starts; the whole stream when unset (what production wants: a
   * service deployed later still sees every event). Test meshes sharing one NATS start at their own start.
   */
  startTime?: Date
  /**
   * Events handled at once (default 1: one at a time, in stream order). More suits a handler whose
   * events are independent of each other's order; each is still acked only after its own handling.
   */
  concurrency?: number
}

export interface RunningConsumer {
  stop(): Promise<void>
}

/**
 * A handler refused the event with a client error (a 4xx API code such as PLATFORM_NOT_FOUND):
 * the same event would be refused forever, so redelivering it only keeps the consumer busy.
 */
const isPermanent = (err: unknown): boolean => isApiError(err) && httpStatusOf(err.code) < 500

/**
 * Consumes the EVENTS stream through a durable consumer: the server remembers what was acked,
 * so a restart resumes where it stopped. A message is acked only after `handle` succeeds; a
 * failure is redelivered after `retryDelayMs`, except a permanent refusal, a message that is not
 * JSON or an event whose producer is not proven (the verifier's refusal), which are terminated.
 */
export async function consumeEvents(options: ConsumerOptions): Promise<RunningConsumer> {
  const { nats, durableName, logger, retryDelayMs = 1_000, ackWaitMs = 30_000, concurrency = 1 } = options
  const jsm = await jetstreamManager(nats)
  await jsm.consumers.add(EVENTS_STREAM, {
    durable_name: durableName,
    ack_policy: AckPolicy.Explicit,
    ...(options.startTime
      ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: options.startTime.toISOString() }
      : { deliver_policy: DeliverPolicy.All }),
    filter_subject: options.filterSubject,
    ack_wait: ackWaitMs * 1_000_000,
  })
  const consumer = await jetstream(nats).consumers.get(EVENTS_STREAM, durableName)
  const messages = await consumer.consume()
  const inFlight = new Set<Promise<void>>()
  const handleOne = async (message: JsMsg): Promise<void> => {
    let payload: unknown
    try {
      payload = message.json<unknown>()
    } catch (err) {
      // not an envelope at all (a stray publish on the stream's subjects): no handler will ever take it
      logger.error({ err, subject: message.subject, durableName }, 'message on the stream is not JSON; dropped')
      return message.term()
    }
    const received = { subject: message.subject, headers: message.headers, envelope: payload, storedAt: message.time }
    // terminated, not nak'ed: a forgery redelivered for ever would keep the consumer busy for nothing,
    // and no later attempt can prove what this one could not (the rejection counter says it happened)
    if (!options.verifier.accepts(received)) return message.term()
    const event = received.envelope
    try {
      const handle = () => options.handle(event)
      const parent = message.headers?.get('traceparent') || event.traceparent
      await (tracingEnabled() ? inSpan(`consume ${event.type}`, { kind: SpanKind.CONSUMER, parent, attributes: { 'messaging.consumer.group.name': durableName } }, handle) : handle())
      message.ack()
    } catch (err) {
      if (isPermanent(err)) {
        logger.error({ err, subject: message.subject, durableName }, 'event refused for good (a 4xx answer); not redelivered')
        message.term()
      } else {
        logger.warn({ err, subject: message.subject, durableName }, 'event handling failed; redelivering')
        message.nak(retryDelayMs)
      }
    }
  }
  const done = (async () => {
    for await (const message of messages) {
      const handling = handleOne(message).finally(() => inFlight.delete(handling))
      inFlight.add(handling)
      if (inFlight.size >= concurrency) await Promise.race(inFlight)
    }
    await Promise.all(inFlight)
  })()
  return {
    async stop() {
      await messages.close()
      await done
    },
  }
}
