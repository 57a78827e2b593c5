import { isExtensionWebhookType, type EventEnvelope } from '@pp/events'
import { newId } from '@pp/ids'
import { isEnvironment } from '@pp/tenancy'
import { insertDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { webhookContent } from '../webhooks/body.js'
import { webhookForEvent } from '../webhooks/webhook-for-event.js'

/**
 * QUEUED: due now; HELD: queued behind its paused endpoint's probe, or until an endpoint is set,
 * nothing to do until then; NOT_WANTED: a type beyond the reference the tenant has not turned on.
 */
export type EnqueueOutcome = 'QUEUED' | 'HELD' | 'DUPLICATE' | 'NOT_WANTED' | 'NOT_A_WEBHOOK' | 'MALFORMED'

/**
 * Turns an event into a queued delivery, due at once. Its id and content are fixed here; each
 * attempt adds its own timestamp and signature as it is sent. The unique event id makes a
 * redelivered event a no-op. Whether a type beyond the reference is wanted is read from the
 * tenant's configuration kept here, learned first if this service has none.
 */
export async function enqueueEvent(deps: Pick<WebhooksDeps, 'sql' | 'endpointDirectory'>, event: EventEnvelope): Promise<EnqueueOutcome> {
  const draft = webhookForEvent(event)
  if (!draft) return 'NOT_A_WEBHOOK'
  if (!event.id || !event.platformId || !isEnvironment(event.environment)) return 'MALFORMED'
  // minted before any await: the consumer handles events side by side, and ids (uuid v7) keep stream order
  const id = newId('Webhook')
  const tenant = { platformId: event.platformId, environment: event.environment }
  const isExtensionType = isExtensionWebhookType(draft.type)
  if (isExtensionType) await deps.endpointDirectory.ensureKnown(tenant)
  const inserted = await insertDelivery(deps.sql, {
    id,
    eventId: event.id,
    requestId: event.requestId,
    traceParent: event.traceparent,
    ...tenant,
    webhookType: draft.type,
    content: webhookContent(draft),
    isExtensionType,
  })
  return inserted === 'DUE' ? 'QUEUED' : inserted
}
