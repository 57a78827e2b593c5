import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from '@pp/errors'
import type { GatewayEnv } from '../context.js'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Rejects bodies over 1 MiB with 413 PAYLOAD_TOO_LARGE. Hono's limiter trusts Content-Length
 * when there is one and otherwise counts the bytes of a chunked body as they arrive.
 */
export const limitBody = (): MiddlewareHandler<GatewayEnv> =>
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${MAX_BODY_BYTES} bytes`)
    },
  })
