import { ApiError } from '@pp/errors'
import type { HandlerContext } from '@pp/grpc'
import { tenantOf, type Caller, type Tenant } from '../domain/types.js'

/** The tenant a call acts for; a call without one never reaches a use case. */
export function callerOf(ctx: HandlerContext): Caller {
  if (!ctx.platformId) throw new ApiError('UNAUTHORIZED', 'The call names no platform')
  return { platformId: ctx.platformId, environment: ctx.environment, requestId: ctx.requestId }
}

/** The tenant alone, for use cases that act on rows and need no request id. */
export const tenantFrom = (ctx: HandlerContext): Tenant => tenantOf(callerOf(ctx))
