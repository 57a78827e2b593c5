import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from '@pp/errors'
import type { GatewayEnv } from '../context.js'

export const MAX_BODY_BYTES = 1024 * 1024
/** A multipart upload: a 10 MB document plus the form's other fields and boundaries. */
export const MAX_UPLOAD_BODY_BYTES = 11 * 1024 * 1024

const limiter = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxSize} bytes`)
    },
  })

/**
 * Rejects bodies over 1 MiB, or 11 MiB for multipart uploads, with 413 PAYLOAD_TOO_LARGE. Hono's
 * limiter trusts Content-Length when there is one and otherwise counts the bytes of a chunked
 * body as they arrive. Only upload routes accept multipart; the others refuse it unread.
 */
export const limitBody = (): MiddlewareHandler<GatewayEnv> => {
  const limitJson = limiter(MAX_BODY_BYTES)
  const limitUpload = limiter(MAX_UPLOAD_BODY_BYTES)
  return async function limitBody(c, next) {
    const isMultipart = c.req.header('Content-Type')?.toLowerCase().startsWith('multipart/form-data') ?? false
    return isMultipart ? limitUpload(c, next) : limitJson(c, next)
  }
}
