import type { EventEnvelope } from '@pp/events'
import { newId } from '@pp/ids'
import { isEnvironment } from '@pp/tenancy'
import { insertDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { webhookBody } from '../webhooks/body.js'
import { webhookForEvent } from '../webhooks/webhook-for-event.js'

/** QUEUED: due now; HELD: queued behind its paused endpoint's probe, nothing to do until it answers. */
export type EnqueueOutcome = 'QUEUED' | 'HELD' | 'DUPLICATE' | 'NOT_A_WEBHOOK' | 'MALFORMED'

/**
 * Turns an event into a queued delivery, due at once. The body and its signature are fixed here,
 * so every attempt sends the same signed bytes and no attempt spends time signing; the unique
 * event id makes a redelivered event a no-op.
 */
export async function enqueueEvent(deps: Pick<WebhooksDeps, 'sql' | 'keys'>, event: EventEnvelope): Promise<EnqueueOutcome> {
  const draft = webhookForEvent(event)
  if (!draft) return 'NOT_A_WEBHOOK'
  if (!event.id || !event.platformId || !isEnvironment(event.environment)) return 'MALFORMED'
  const id = newId('Webhook')
  const payload = webhookBody(id, draft, event.occurredAt)
  const inserted = await insertDelivery(deps.sql, {
    id,
    eventId: event.id,
    requestId: event.requestId,
    traceParent: event.traceparent,
    platformId: event.platformId,
    environment: event.environment,
    webhookType: draft.type,
    payload,
    signature: deps.keys.sign(event.environment, payload),
  })
  return inserted === 'DUE' ? 'QUEUED' : inserted
}
