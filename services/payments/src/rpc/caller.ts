import { ApiError } from '@pp/errors'
import type { HandlerContext } from '@pp/grpc'
import type { Caller } from '../domain/types.js'

/** The tenant (and idempotency key) a call acts for; a call without a tenant never reaches a use case. */
export function callerOf(ctx: HandlerContext): Caller {
  if (!ctx.platformId) throw new ApiError('UNAUTHORIZED', 'The call names no platform')
  return { platformId: ctx.platformId, environment: ctx.environment, requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey }
}
