import { prepared } from '@pp/db'
import type { EndpointConfig } from '../domain/endpoint/config.js'
import type { Tenant } from '../domain/types.js'
import type { Sql, SqlTx } from './client.js'
import { forgetEndpointState, restartDeliveries } from './endpoint-states.db.js'

interface ConfigRow {
  url: string | null
  extendedTypes: boolean
  updatedAt: Date
}

const toConfig = (row: ConfigRow): EndpointConfig => ({ ...(row.url !== null && { url: row.url }), extendedTypes: row.extendedTypes, updatedAt: row.updatedAt })

const values = (tenant: Tenant, config: EndpointConfig) => [tenant.platformId, tenant.environment, config.url ?? null, config.extendedTypes, config.updatedAt]

// an older configuration (events may be handled out of order) never replaces a newer one
const STORE = prepared(
  'webhooks_store_endpoint_config',
  `INSERT INTO endpoint_configs (platform_id, environment, url, extended_types, config_updated_at) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (platform_id, environment) DO UPDATE
      SET url = EXCLUDED.url, extended_types = EXCLUDED.extended_types, config_updated_at = EXCLUDED.config_updated_at
    WHERE endpoint_configs.config_updated_at <= EXCLUDED.config_updated_at`,
)

/** Keeps the tenant's configuration, unless the one kept already is newer. */
export async function storeEndpointConfig(sql: Sql, tenant: Tenant, config: EndpointConfig): Promise<void> {
  await sql.query(STORE, values(tenant, config))
}

const LEARN = prepared(
  'webhooks_learn_endpoint_config',
  `WITH inserted AS (
     INSERT INTO endpoint_configs (platform_id, environment, url, extended_types, config_updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (platform_id, environment) DO NOTHING
     RETURNING url, extended_types, config_updated_at
   )
   SELECT url, extended_types AS "extendedTypes", config_updated_at AS "updatedAt" FROM inserted
   UNION ALL
   SELECT url, extended_types, config_updated_at FROM endpoint_configs
    WHERE platform_id = $1 AND environment = $2 AND NOT EXISTS (SELECT 1 FROM inserted)`,
)

/**
 * Keeps a configuration read from the platform service for a tenant this service knew nothing of,
 * and answers the one kept: an event's, when one was stored meanwhile (it is at least as new).
 */
export async function learnEndpointConfig(sql: Sql, tenant: Tenant, config: EndpointConfig): Promise<EndpointConfig> {
  const [row] = await sql.query<ConfigRow>(LEARN, values(tenant, config))
  return row ? toConfig(row) : config
}

const IS_KNOWN = prepared(
  'webhooks_endpoint_config_known',
  'SELECT 1 AS known FROM endpoint_configs WHERE platform_id = $1 AND environment = $2',
)

export async function isEndpointConfigKnown(sql: Sql, tenant: Tenant): Promise<boolean> {
  return (await sql.query(IS_KNOWN, [tenant.platformId, tenant.environment])).length > 0
}

/**
 * A new endpoint starts afresh, in one transaction: its configuration kept (unless a newer one
 * is), the old endpoint's failures and pause forgotten, `queue` run (the TEST webhook), then every
 * delivery that waited (held, or for a retry) made due now and every replica told (see
 * restartDeliveries).
 */
export async function startNewEndpoint(sql: Sql, tenant: Tenant, config: EndpointConfig, queue: (tx: SqlTx) => Promise<void>): Promise<number> {
  return sql.transaction(async (tx) => {
    await tx.query(STORE, values(tenant, config))
    await forgetEndpointState(tx, tenant)
    await queue(tx)
    return restartDeliveries(tx, tenant)
  })
}
