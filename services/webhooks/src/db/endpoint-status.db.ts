import { prepared } from '@pp/db'
import type { Tenant } from '../domain/types.js'
import type { Sql } from './client.js'

/** What the service holds of a tenant's endpoint: its configuration, its state, and what waits for it. */
export interface EndpointStatusRow {
  url: string | null
  consecutiveFailures: number | null
  pausedAt: Date | null
  pauseReason: 'FAILURES' | 'NO_ENDPOINT' | null
  probeDeliveryId: string | null
  nextProbeAt: Date | null
  heldCount: number
}

const READ = prepared(
  'webhooks_read_endpoint_status',
  `SELECT c.url, s.consecutive_failures AS "consecutiveFailures", s.paused_at AS "pausedAt", s.pause_reason AS "pauseReason",
          s.probe_delivery_id AS "probeDeliveryId",
          (SELECT next_attempt_at FROM webhook_deliveries WHERE id = s.probe_delivery_id) AS "nextProbeAt",
          -- through the index of held rows
          (SELECT count(*)::int FROM webhook_deliveries
            WHERE platform_id = $1 AND environment = $2 AND status = 'PENDING' AND next_attempt_at IS NULL AND replay_id IS NULL) AS "heldCount"
     FROM (SELECT 1) one
     LEFT JOIN endpoint_configs c ON c.platform_id = $1 AND c.environment = $2
     LEFT JOIN endpoint_states s ON s.platform_id = $1 AND s.environment = $2`,
)

export async function readEndpointStatus(sql: Sql, tenant: Tenant): Promise<EndpointStatusRow> {
  const [row] = await sql.query<EndpointStatusRow>(READ, [tenant.platformId, tenant.environment])
  return row!
}
