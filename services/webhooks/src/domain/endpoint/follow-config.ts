import type { EventEnvelope } from '@pp/events'
import { newId } from '@pp/ids'
import { isEnvironment } from '@pp/tenancy'
import { insertDelivery } from '../../db/deliveries.db.js'
import { startNewEndpoint, storeEndpointConfig } from '../../db/endpoint-configs.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { TEST_WEBHOOK, webhookContent } from '../webhooks/body.js'

/** The platform service's events that say a tenant's configuration changed. */
export const CONFIG_UPDATED = 'PLATFORM.CONFIG_UPDATED'
export const WEBHOOK_ENDPOINT_CHANGED = 'PLATFORM.WEBHOOK_ENDPOINT_CHANGED'

/**
 * Keeps the tenant's configuration current when the platform service says it changed. The event
 * is only the news: the configuration itself is read from the platform service, which owns it, so
 * an event that names a platform it does not know (another deployment's on a shared stream, a
 * forged one) sends no webhook anywhere, and events redelivered or handled out of order keep the
 * newest configuration. WEBHOOK_ENDPOINT_CHANGED starts the endpoint configured now afresh (see
 * startNewEndpoint) and queues the reference's TEST webhook to it, once per event. False for any
 * other event.
 */
export async function followConfigEvent(deps: Pick<WebhooksDeps, 'sql' | 'endpointDirectory'>, event: EventEnvelope): Promise<boolean> {
  if (event.type !== CONFIG_UPDATED && event.type !== WEBHOOK_ENDPOINT_CHANGED) return false
  if (!isEnvironment(event.environment)) return true
  const tenant: Tenant = { platformId: event.platformId, environment: event.environment }
  if (event.type === CONFIG_UPDATED) {
    await deps.endpointDirectory.current(tenant)
    return true
  }
  const config = await deps.endpointDirectory.read(tenant)
  if (!config.url) return storeEndpointConfig(deps.sql, tenant, config).then(() => true)
  await startNewEndpoint(deps.sql, tenant, config, async (tx) => {
    // the change's own event id: a redelivered change queues no second TEST webhook
    await insertDelivery(tx, {
      id: newId('Webhook'), eventId: event.id, ...tenant, requestId: event.requestId, traceParent: event.traceparent,
      webhookType: TEST_WEBHOOK.type, content: webhookContent(TEST_WEBHOOK), isExtensionType: false,
    })
  })
  return true
}
