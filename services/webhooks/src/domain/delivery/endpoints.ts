import type { Tenant } from '../types.js'
import { tenantKey } from '../types.js'

/** Where a tenant's webhooks go: the webhookEndpoint of its platform configuration, if any. */
export interface EndpointSource {
  endpointOf(tenant: Tenant): Promise<string | undefined>
}

export interface CachedEndpoints extends EndpointSource {
  /** Reads through the cache, for a caller that must see a change made a moment ago. */
  freshEndpointOf(tenant: Tenant): Promise<string | undefined>
  evict(tenant: Tenant): void
}

/**
 * Remembers a tenant's endpoint for `ttlMs`, so a burst of deliveries asks the platform service
 * once. Only a configured endpoint is remembered: a platform that sets one is served at once.
 */
export function cachedEndpoints(source: EndpointSource, ttlMs: number, now: () => number = Date.now): CachedEndpoints {
  const entries = new Map<string, { url: string; expiresAt: number }>()
  async function freshEndpointOf(tenant: Tenant): Promise<string | undefined> {
    const url = await source.endpointOf(tenant)
    if (url && ttlMs > 0) entries.set(tenantKey(tenant), { url, expiresAt: now() + ttlMs })
    else entries.delete(tenantKey(tenant))
    return url
  }
  return {
    async endpointOf(tenant) {
      const entry = entries.get(tenantKey(tenant))
      return entry && entry.expiresAt > now() ? entry.url : freshEndpointOf(tenant)
    },
    freshEndpointOf,
    evict: (tenant) => void entries.delete(tenantKey(tenant)),
  }
}
