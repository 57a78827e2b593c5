import { ApiError } from '@pp/errors'
import type { HandlerContext } from '@pp/grpc'
import type { Tenant } from '../domain/types.js'

/** The tenant a call acts for; a call without one never reaches a use case. */
export function tenantFrom(ctx: HandlerContext): Tenant {
  if (!ctx.platformId) throw new ApiError('UNAUTHORIZED', 'The call names no platform')
  return { platformId: ctx.platformId, environment: ctx.environment }
}
