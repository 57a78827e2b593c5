import type { MiddlewareHandler } from 'hono'
import { ApiError } from '@pp/errors'
import type { Permission } from '@pp/vocabulary'
import { acceptedPermissions, isGranted } from '../auth/permissions.js'
import type { GatewayEnv } from '../context.js'
import { BASIC_AUTH_SCHEME } from '../openapi.js'

/**
 * Lets the request through only when the authenticated token holds `needed` (or a permission
 * that implies it); otherwise 403 FORBIDDEN naming it. Runs before request validation, so a
 * token without the permission learns nothing about the route's input rules.
 */
export const requirePermission = (needed: Permission): MiddlewareHandler<GatewayEnv> =>
  async function requirePermission(c, next) {
    if (!isGranted(c.get('principal').permissions, needed)) {
      throw new ApiError('FORBIDDEN', `This API token lacks the ${needed} permission`, { requiredPermission: needed })
    }
    await next()
  }

/**
 * A route's permission, spread into `createRoute({...})` next to its path: the middleware that
 * enforces it and the OpenAPI entries that tell clients. In OpenAPI 3.1 the list of an HTTP
 * security requirement holds role names, so each accepted permission is one alternative.
 */
export const requires = (needed: Permission) => ({
  middleware: [requirePermission(needed)],
  security: acceptedPermissions(needed).map((p) => ({ [BASIC_AUTH_SCHEME]: [p] })),
  'x-required-permission': needed,
})
