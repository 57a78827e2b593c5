import type { MiddlewareHandler } from 'hono'
import { ApiError } from '@pp/errors'
import type { GatewayEnv } from '../context.js'
import type { TokenBuckets } from '../rate-limit/token-buckets.js'

/**
 * The per-credential rate limit, after authentication: each API token (however its username was
 * written) and each agent (its Bearer token) has a bucket of its own, so one client's flood never
 * slows another's. Beyond it: 429 RATE_LIMITED with Retry-After (the error handler sets the header
 * from `retryAfterSeconds`). Routes that take no credentials are not limited here.
 */
export const rateLimit = (buckets: TokenBuckets): MiddlewareHandler<GatewayEnv> =>
  async function rateLimit(c, next) {
    const principal = c.get('principal')
    if (principal !== undefined) {
      // an agent principal carries the agent's id as its token id: agent and API token ids never meet
      const retryAfterSeconds = buckets.take(principal.tokenId)
      if (retryAfterSeconds > 0) {
        throw new ApiError('RATE_LIMITED', 'Too many requests with these credentials; retry after the interval in Retry-After', { retryAfterSeconds })
      }
    }
    await next()
  }
