import { ApiError } from '@pp/errors'
import { tenantOf, type Caller, type Tenant } from '@pp/tenancy'
import type { HandlerContext } from './unary.js'

/**
 * The caller a tenant's call acts for. A call naming no platform was never authenticated; one
 * naming a platform but no environment is a fault of the service that sent it, never a reason to
 * guess one (a production call taken for a sandbox one would act on the wrong rows).
 */
export function callerOf(ctx: HandlerContext): Caller {
  if (!ctx.platformId) throw new ApiError('UNAUTHORIZED', 'The call names no platform')
  if (!ctx.environment) throw new ApiError('INTERNAL_ERROR', 'The call names a platform but no environment')
  const caller: Caller = { platformId: ctx.platformId, environment: ctx.environment, requestId: ctx.requestId }
  if (ctx.idempotencyKey !== undefined) caller.idempotencyKey = ctx.idempotencyKey
  if (ctx.tenantToken !== undefined) caller.tenantToken = ctx.tenantToken
  return caller
}

/** The tenant alone, for use cases that act on rows and need no request id. */
export const tenantFrom = (ctx: HandlerContext): Tenant => tenantOf(callerOf(ctx))
