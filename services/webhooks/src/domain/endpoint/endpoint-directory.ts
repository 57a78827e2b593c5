import { isEndpointConfigKnown, learnEndpointConfig, storeEndpointConfig } from '../../db/endpoint-configs.db.js'
import type { Sql } from '../../db/client.js'
import { tenantKey, type Tenant } from '../types.js'
import type { EndpointConfig, PlatformConfigSource } from './config.js'

/**
 * Where this service learns a tenant's webhook configuration that no event has brought yet (a
 * platform configured before this service first ran, or whose events left the stream): asked of
 * the platform service once and kept, events keeping it current from then on.
 */
export interface EndpointDirectory {
  /** The configuration kept of the tenant, asked of the platform service first when none is. */
  learn(tenant: Tenant): Promise<EndpointConfig>
  /** Makes sure a configuration of the tenant is kept; after the first call per tenant, free. */
  ensureKnown(tenant: Tenant): Promise<void>
  /**
   * The configuration the platform service holds now, kept here too (unless a newer one is): for
   * a caller that must see a change made a moment ago, before its event arrives.
   */
  current(tenant: Tenant): Promise<EndpointConfig>
  /** The configuration the platform service holds now, not kept: for a caller that keeps it with more. */
  read(tenant: Tenant): Promise<EndpointConfig>
}

export function endpointDirectory(sql: Sql, source: PlatformConfigSource): EndpointDirectory {
  // rows are never deleted, so a tenant once known stays known: no invalidation
  const known = new Set<string>()
  async function learn(tenant: Tenant): Promise<EndpointConfig> {
    const config = await learnEndpointConfig(sql, tenant, await source.configOf(tenant))
    known.add(tenantKey(tenant))
    return config
  }
  return {
    learn,
    async ensureKnown(tenant) {
      if (known.has(tenantKey(tenant))) return
      if (await isEndpointConfigKnown(sql, tenant)) known.add(tenantKey(tenant))
      else await learn(tenant)
    },
    async current(tenant) {
      const config = await source.configOf(tenant)
      await storeEndpointConfig(sql, tenant, config)
      known.add(tenantKey(tenant))
      return config
    },
    read: (tenant) => source.configOf(tenant),
  }
}
