import { ApiError } from '@pp/errors'
import type { HandlerContext } from '@pp/grpc'
import type { Tenant } from '../domain/types.js'

/** The tenant the gateway put in the call metadata; a call without one was never authenticated. */
export function requireTenant(ctx: HandlerContext): Tenant {
  if (ctx.platformId === '') throw new ApiError('UNAUTHORIZED', 'Call carries no platform')
  return { platformId: ctx.platformId, environment: ctx.environment }
}
