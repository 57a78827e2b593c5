import type { Caller } from '@pp/tenancy'
import { cachedCalls } from './cached-calls.js'
import type { Services } from '../domain/deps.js'

/** The most tenants a replica remembers; beyond it the oldest entry goes. */
const MAX_ENTRIES = 10_000

/**
 * Platform facts (regulated or not, fee configuration) change rarely and are read on every quote,
 * so each replica remembers them per tenant for `ttlMs` instead of asking the platform service
 * every time. It is only a cache: a replica that restarts asks again, and a configuration change
 * reaches every quote within `ttlMs`. Concurrent misses share one request; a failed one is forgotten.
 */
export function withCachedPlatformFacts(services: Services, ttlMs: number, now: () => number = Date.now): Services {
  if (ttlMs <= 0) return services
  const platform = cachedCalls((ctx: Caller) => services.platform(ctx), (ctx) => `${ctx.platformId}:${ctx.environment}`, {
    maxEntries: MAX_ENTRIES,
    ttlMs,
    now,
  })
  return { ...services, platform }
}
