import { randomBytes } from 'node:crypto'
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { registry } from '@pp/metrics'
import { testConnections, waitUntil } from '@pp/testing'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectNats,
  consumeEvents,
  developmentSigningKey,
  ensureEventsStream,
  EVENTS_STREAM,
  eventVerifierOf,
  signedHeaders,
  type EventEnvelope,
  type RunningConsumer,
} from '../src/index.js'

const logger = pino({ level: 'silent' })
// a source of its own per run, so this file's consumer sees only this file's events
const source = `refusals${randomBytes(4).toString('hex')}`

describe('a durable consumer whose handler fails', () => {
  let nats: NatsConnection
  let consumer: RunningConsumer
  const attempts = new Map<string, number>()

  beforeAll(async () => {
    nats = await connectNats((await testConnections()).natsUrl, 'consumer-refusals-test')
    await ensureEventsStream(nats)
    consumer = await consumeEvents({
      nats,
      durableName: `${source}-consumer`,
      filterSubject: `events.${source}.>`,
      logger,
      verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger),
      retryDelayMs: 20,
      async handle(event) {
        const seen = (attempts.get(event.type) ?? 0) + 1
        attempts.set(event.type, seen)
        if (event.type === 'REFUSED') throw new ApiError('PLATFORM_NOT_FOUND', 'no such platform')
        if (event.type === 'FLAKY' && seen < 3) throw new Error('database busy')
      },
    })
  })

  afterAll(async () => {
    await consumer?.stop()
    await nats?.drain()
  })

  const publish = async (type: string) => {
    const event: EventEnvelope = { id: newId('Event'), type, source, platformId: 'Platform:x', environment: 'SANDBOX', occurredAt: new Date().toISOString(), data: {} }
    await jetstream(nats).publish(`events.${source}.${type}`, JSON.stringify(event), { msgID: event.id, headers: signedHeaders(developmentSigningKey(source), event) })
  }

  it('retries an outage until it passes, and drops a 4xx refusal after one attempt', async () => {
    await publish('REFUSED')
    await publish('FLAKY')
    await waitUntil(async () => attempts.get('FLAKY') === 3, 'the flaky event to pass on its third attempt', 10_000)
    await publish('MARKER')
    await waitUntil(async () => attempts.get('MARKER') === 1, 'a later event to be handled', 10_000)
    expect(attempts.get('REFUSED')).toBe(1)
  })

  it('drops a message that is not JSON instead of redelivering it for ever', async () => {
    await jetstream(nats).publish(`events.${source}.STRAY`, 'not json')
    await publish('AFTER_STRAY')
    await waitUntil(async () => attempts.get('AFTER_STRAY') === 1, 'the event after the stray message', 10_000)
    const info = await (await jetstreamManager(nats)).consumers.info(EVENTS_STREAM, `${source}-consumer`)
    expect(info.num_ack_pending + info.num_pending).toBe(0)
  })

  it('drops, unhandled and for good, events their source did not sign, and counts them', async () => {
    const rejected = async (): Promise<number> =>
      ((await registry.getSingleMetric('events_rejected_total')?.get())?.values ?? []).filter((v) => v.labels.source === source).reduce((sum, v) => sum + v.value, 0)
    const before = await rejected()
    const forged = (type: string): EventEnvelope => ({ id: newId('Event'), type, source, platformId: 'Platform:x', environment: 'SANDBOX', occurredAt: new Date().toISOString(), data: {} })
    const js = jetstream(nats)
    const unsigned = forged('FORGED_UNSIGNED')
    await js.publish(`events.${source}.${unsigned.type}`, JSON.stringify(unsigned))
    const otherSource = forged('FORGED_OTHER_KEY')
    await js.publish(`events.${source}.${otherSource.type}`, JSON.stringify(otherSource), { headers: signedHeaders(developmentSigningKey('payments'), otherSource) })
    const changed = forged('FORGED_CHANGED')
    await js.publish(`events.${source}.${changed.type}`, JSON.stringify({ ...changed, data: { amount: 1 } }), { headers: signedHeaders(developmentSigningKey(source), changed) })
    await publish('AFTER_FORGERIES')
    await waitUntil(async () => attempts.get('AFTER_FORGERIES') === 1, 'the genuine event after the forgeries', 10_000)
    expect([...attempts.keys()].filter((type) => type.startsWith('FORGED'))).toEqual([])
    expect(await rejected()).toBe(before + 3)
    const info = await (await jetstreamManager(nats)).consumers.info(EVENTS_STREAM, `${source}-consumer`)
    expect(info.num_ack_pending + info.num_pending).toBe(0)
  })
})
