import type { WebhookEndpointStatus } from '@pp/contracts'
import { readEndpointStatus, type EndpointStatusRow } from '../../db/endpoint-status.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { Tenant } from '../types.js'

/**
 * ACTIVE: deliveries go out; FAILING: the last attempts failed, not yet enough to pause; PAUSED:
 * only a probe is attempted, on the retry schedule, every other delivery held until it answers;
 * NOT_CONFIGURED: no webhookEndpoint, every delivery held until one is set.
 */
export type EndpointStatus = 'ACTIVE' | 'FAILING' | 'PAUSED' | 'NOT_CONFIGURED'

/** The API's WebhookEndpointStatus: built here once, the gateway and the operator's tool pass it on. */
export type EndpointStatusView = WebhookEndpointStatus

function statusOf(row: EndpointStatusRow): EndpointStatus {
  if (row.url === null) return 'NOT_CONFIGURED'
  if (row.pauseReason === 'FAILURES') return 'PAUSED'
  return (row.consecutiveFailures ?? 0) > 0 ? 'FAILING' : 'ACTIVE'
}

export function endpointStatusView(row: EndpointStatusRow): EndpointStatusView {
  const status = statusOf(row)
  const isPaused = status === 'PAUSED' || status === 'NOT_CONFIGURED'
  return {
    ...(row.url !== null && { url: row.url }),
    status,
    consecutiveFailures: row.consecutiveFailures ?? 0,
    ...(isPaused && row.pausedAt && { pausedAt: row.pausedAt.toISOString() }),
    ...(status === 'PAUSED' && row.probeDeliveryId && { probeDeliveryId: row.probeDeliveryId }),
    ...(status === 'PAUSED' && row.nextProbeAt && { nextProbeAt: row.nextProbeAt.toISOString() }),
    heldDeliveryCount: row.heldCount,
  }
}

/** Where the tenant's endpoint stands; a tenant this service has not met yet is learned first. */
export async function getEndpointStatus(deps: Pick<WebhooksDeps, 'sql' | 'endpointDirectory'>, tenant: Tenant): Promise<EndpointStatusView> {
  await deps.endpointDirectory.ensureKnown(tenant)
  return endpointStatusView(await readEndpointStatus(deps.sql, tenant))
}
