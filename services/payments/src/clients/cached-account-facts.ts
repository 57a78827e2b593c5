import type { Caller } from '@pp/tenancy'
import { cachedCalls } from './cached-calls.js'
import type { Services } from '../domain/deps.js'

/** The most accounts a replica remembers; beyond it the oldest entry goes. */
const MAX_ENTRIES = 50_000

/**
 * An internal account's holder, type and currency never change, and every quote reads those of
 * its source (and a completed payment those of its destination), so each replica remembers them
 * per tenant and account instead of asking the ledger every time. Nothing that changes is kept:
 * whether the account may send or receive now is the ledger's to check when the money moves.
 * Concurrent misses share one request; a failed one (404 for another tenant's account) is forgotten.
 */
export function withCachedAccountFacts(services: Services, maxEntries = MAX_ENTRIES): Services {
  const internalAccount = cachedCalls(
    (ctx: Caller, accountId: string) => services.internalAccount(ctx, accountId),
    (ctx, accountId) => `${ctx.platformId}:${ctx.environment}:${accountId}`,
    { maxEntries },
  )
  return { ...services, internalAccount }
}
