import type { EventEnvelope } from '@pp/events'
import { newId } from '@pp/ids'
import { isEnvironment } from '@pp/tenancy'
import { insertDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { webhookContent } from '../webhooks/body.js'
import { webhookForEvent } from '../webhooks/webhook-for-event.js'

/** QUEUED: due now; HELD: queued behind its paused endpoint's probe, nothing to do until it answers. */
export type EnqueueOutcome = 'QUEUED' | 'HELD' | 'DUPLICATE' | 'NOT_A_WEBHOOK' | 'MALFORMED'

/**
 * Turns an event into a queued delivery, due at once. Its id and content are fixed here; each
 * attempt adds its own timestamp and signature as it is sent. The unique event id makes a
 * redelivered event a no-op.
 */
export async function enqueueEvent(deps: Pick<WebhooksDeps, 'sql'>, event: EventEnvelope): Promise<EnqueueOutcome> {
  const draft = webhookForEvent(event)
  if (!draft) return 'NOT_A_WEBHOOK'
  if (!event.id || !event.platformId || !isEnvironment(event.environment)) return 'MALFORMED'
  const inserted = await insertDelivery(deps.sql, {
    id: newId('Webhook'),
    eventId: event.id,
    requestId: event.requestId,
    traceParent: event.traceparent,
    platformId: event.platformId,
    environment: event.environment,
    webhookType: draft.type,
    content: webhookContent(draft),
  })
  return inserted === 'DUE' ? 'QUEUED' : inserted
}
