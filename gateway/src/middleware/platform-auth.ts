import type { MiddlewareHandler } from 'hono'
import { ApiError } from '@pp/errors'
import type { Authenticator } from '../auth/authenticator.js'
import { parseBasicCredentials } from '../auth/basic-credentials.js'
import type { GatewayEnv } from '../context.js'

/**
 * HTTP Basic authentication of a platform: `<api token id>:<api client secret>`, or the token's
 * client id as the username. Sets the principal the credentials select; any failure is 401
 * UNAUTHORIZED naming the failing check.
 */
export const platformAuth = (authenticate: Authenticator): MiddlewareHandler<GatewayEnv> =>
  async function platformAuth(c, next) {
    const header = c.req.header('Authorization')
    if (header === undefined) throw new ApiError('UNAUTHORIZED', 'Missing Authorization header')
    const credentials = parseBasicCredentials(header)
    if (credentials === undefined) {
      throw new ApiError('UNAUTHORIZED', 'Authorization header is not valid HTTP Basic credentials')
    }
    c.set('principal', await authenticate(credentials, c.get('requestId')))
    await next()
  }
