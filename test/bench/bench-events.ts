import { randomUUID } from 'node:crypto'
import type { JetStreamClient } from '@nats-io/jetstream'
import { eventSubject, signedHeaders, type EventEnvelope, type SigningKey } from '@pp/events'
import { BENCH_SOURCE } from './mesh.js'

/**
 * Publishes a CUSTOMER.KYC_APPROVED of the bench's own source (so no service but the webhooks one
 * acts on it), signed with the bench's key, which the bench mesh believes.
 */
export function publishApproval(js: JetStreamClient, key: SigningKey, platformId: string, data: Record<string, unknown>): Promise<unknown> {
  const envelope: EventEnvelope = {
    id: `Event:${randomUUID()}`,
    type: 'CUSTOMER.KYC_APPROVED',
    source: BENCH_SOURCE,
    platformId,
    environment: 'SANDBOX',
    occurredAt: new Date().toISOString(),
    data,
  }
  return js.publish(eventSubject(BENCH_SOURCE, envelope.type), JSON.stringify(envelope), { msgID: envelope.id, headers: signedHeaders(key, envelope) })
}
