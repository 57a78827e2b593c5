import { randomBytes } from 'node:crypto'
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { connectNats, developmentSigningKey, ensureEventsStream, EVENTS_STREAM, eventSubject, signedHeaders, type EventEnvelope } from '@pp/events'
import { newId } from '@pp/ids'
import { testConnections } from '@pp/testing'

export interface Tenant {
  platformId: string
  environment: 'SANDBOX' | 'PRODUCTION'
}

/**
 * Publishes events on the shared EVENTS stream under a source of this test file's own, so its
 * consumer (filtered on that source) never sees another file's events, and the reverse.
 */
export interface TestEvents {
  nats: NatsConnection
  source: string
  /** The consumer's filter subject: every event of this file. */
  filterSubject: string
  durableName: string
  publish(tenant: Tenant, type: string, data: unknown, overrides?: Partial<EventEnvelope>): Promise<EventEnvelope>
  /** Removes this file's consumer and events from the shared stream, and closes the connection. */
  close(): Promise<void>
}

export async function openTestEvents(name: string): Promise<TestEvents> {
  const { natsUrl } = await testConnections()
  const nats = await connectNats(natsUrl, `webhooks-test-${name}`)
  await ensureEventsStream(nats)
  const suffix = randomBytes(4).toString('hex')
  const source = `whtest${suffix}`
  const durableName = `webhooks-test-${name}-${suffix}`
  const js = jetstream(nats)
  // signed as the source's producer would: the consumer believes the development keys in tests
  const signingKey = developmentSigningKey(source)
  return {
    nats,
    source,
    filterSubject: `events.${source}.>`,
    durableName,
    async publish(tenant, type, data, overrides = {}) {
      const envelope: EventEnvelope = {
        id: newId('Event'), type, source, ...tenant, occurredAt: new Date().toISOString(), data, ...overrides,
      }
      // a fresh message id each time, so a republished envelope reaches the consumer again (a redelivery)
      await js.publish(eventSubject(source, type), JSON.stringify(envelope), { msgID: newId('Event'), headers: signedHeaders(signingKey, envelope) })
      return envelope
    },
    async close() {
      const jsm = await jetstreamManager(nats)
      await jsm.consumers.delete(EVENTS_STREAM, durableName).catch(() => undefined)
      await jsm.streams.purge(EVENTS_STREAM, { filter: `events.${source}.>` })
      await nats.close()
    },
  }
}

let tenantCounter = 0

/** A platform of its own for each test. */
export function newTenant(environment: Tenant['environment'] = 'SANDBOX'): Tenant {
  tenantCounter += 1
  return { platformId: `Platform:wh-${process.pid}-${tenantCounter}-${randomBytes(2).toString('hex')}`, environment }
}

export const transaction = (status = 'COMPLETED') => ({
  id: newId('Transaction'),
  status,
  type: 'INCOMING',
  direction: 'CREDIT',
  destination: { destinationType: 'ACCOUNT', accountId: newId('InternalAccount') },
  customerId: newId('Customer'),
  platformCustomerId: 'pc-1',
  receivedAmount: { amount: 10_000, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
  createdAt: '2025-10-14T10:00:00.000Z',
})
