import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { routePath } from 'hono/route'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiError, invalidInput, isApiError } from '@pp/errors'
import type { Logger } from '@pp/logging'
import type { GatewayEnv } from '../context.js'

/**
 * The one place where failures become answers: an ApiError keeps its status and body, hono's
 * own HTTP exceptions (malformed JSON, wrong media type) become the matching API error, and
 * anything else is logged with the request id and answered 500 INTERNAL_ERROR without detail.
 */
export const handleError = (logger: Logger): ErrorHandler<GatewayEnv> =>
  function handleError(err, c) {
    const known = isApiError(err) ? err : err instanceof HTTPException ? fromHttpException(err) : undefined
    const answer = known ?? new ApiError('INTERNAL_ERROR', 'Internal error')
    if (answer.status >= 500) {
      // the route's template, never the path: a path may carry a secret (a device code being redeemed)
      logger.error({ err, requestId: c.get('requestId'), method: c.req.method, route: routePath(c, -1) }, 'request failed')
    }
    return respondWith(c, answer)
  }

/** Unknown paths and known paths with another method alike. */
export const handleNotFound: NotFoundHandler<GatewayEnv> = function handleNotFound(c) {
  return respondWith(c, new ApiError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`))
}

function respondWith(c: Context<GatewayEnv>, err: ApiError): Response {
  // RFC 9110: a 401 names the scheme that would be accepted
  if (err.code === 'UNAUTHORIZED') c.header('WWW-Authenticate', 'Basic realm="payments-platform"')
  // RFC 9110: a 429 may say when to retry; the service puts it in the details
  const retryAfter = err.details?.retryAfterSeconds
  if (err.status === 429 && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
  return c.json(err.toBody(), err.status as ContentfulStatusCode)
}

function fromHttpException(err: HTTPException): ApiError | undefined {
  switch (err.status) {
    case 400:
      return invalidInput([{ field: 'body', message: err.message || 'Malformed request body' }], err.message || undefined)
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE')
    case 415:
      return invalidInput([{ field: 'body', message: 'Content-Type must be application/json' }], 'Unsupported media type')
    default:
      return undefined
  }
}
