import type { MiddlewareHandler } from 'hono'
import { ApiError } from '@pp/errors'
import type { Authenticator } from '../auth/authenticator.js'
import { AGENT_BEARER_USERNAME, authSchemeOf, parseBearerToken } from '../auth/agent-bearer.js'
import { parseBasicCredentials } from '../auth/basic-credentials.js'
import type { GatewayEnv } from '../context.js'

/**
 * HTTP Basic authentication of a platform: `<api token id>:<api client secret>`, or the token's
 * client id as the username; on the agent-operation routes an agent's Bearer token instead (see
 * `authSchemeOf`). Sets the principal the credentials select; any failure is 401 UNAUTHORIZED
 * naming the failing check.
 */
export const platformAuth = (authenticate: Authenticator, authenticateAgent?: Authenticator): MiddlewareHandler<GatewayEnv> =>
  async function platformAuth(c, next) {
    const scheme = authSchemeOf(c.req.method, c.req.path)
    if (scheme === 'NONE') return next()
    const header = c.req.header('Authorization')
    if (header === undefined) throw new ApiError('UNAUTHORIZED', 'Missing Authorization header')
    if (scheme === 'AGENT_BEARER') {
      const token = parseBearerToken(header)
      if (token === undefined || authenticateAgent === undefined) throw new ApiError('UNAUTHORIZED', 'Agent routes take an agent\'s Bearer access token')
      c.set('principal', await authenticateAgent({ clientId: AGENT_BEARER_USERNAME, clientSecret: token }, c.get('requestId')))
      return next()
    }
    const credentials = parseBasicCredentials(header)
    if (credentials === undefined) {
      throw new ApiError('UNAUTHORIZED', 'Authorization header is not valid HTTP Basic credentials')
    }
    c.set('principal', await authenticate(credentials, c.get('requestId')))
    await next()
  }
