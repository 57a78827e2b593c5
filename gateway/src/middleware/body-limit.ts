import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ApiError } from '@pp/errors'
import type { GatewayEnv } from '../context.js'

export const MAX_BODY_BYTES = 1024 * 1024
/** A multipart upload: a 10 MB document plus the form's other fields and boundaries. */
export const MAX_UPLOAD_BODY_BYTES = 11 * 1024 * 1024

// Fetch forbids a body on these, and @hono/node-server never gives them one.
const BODILESS_METHODS = new Set(['GET', 'HEAD'])

/**
 * The largest refused body Node reads and discards after the 413 (see http-server.ts), so that
 * its connection serves the client's next request: no more than an upload the gateway accepts.
 */
const DISCARDED_BODY_MAX_BYTES = MAX_UPLOAD_BODY_BYTES

/**
 * 413 PAYLOAD_TOO_LARGE. When the rest of the body will not be read (a larger declared body, or
 * one of unknown length cut off midway), the answer says `Connection: close` and means it: the
 * unread bytes cannot be taken for the next request.
 */
const tooLarge = (c: Context<GatewayEnv>, maxSize: number, restDiscarded: boolean): never => {
  if (!restDiscarded) c.header('Connection', 'close')
  throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxSize} bytes`)
}

const limiter = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => tooLarge(c, maxSize, false) })

/**
 * Rejects bodies over 1 MiB, or 11 MiB for multipart uploads, with 413 PAYLOAD_TOO_LARGE. A
 * declared Content-Length is trusted, as Hono's limiter trusts it; a body of unknown length goes
 * to Hono's limiter, which counts its bytes as they arrive. Only upload routes accept multipart;
 * the others refuse it unread.
 *
 * Hono's limiter reads `c.req.raw.body`, which makes @hono/node-server build a real Request; a
 * GET, or a body whose length is declared, is settled from the headers alone to keep it light.
 */
export const limitBody = (): MiddlewareHandler<GatewayEnv> => {
  const limitJson = limiter(MAX_BODY_BYTES)
  const limitUpload = limiter(MAX_UPLOAD_BODY_BYTES)
  return async function limitBody(c, next) {
    if (BODILESS_METHODS.has(c.req.method)) return next()
    const isMultipart = c.req.header('Content-Type')?.toLowerCase().startsWith('multipart/form-data') ?? false
    const maxSize = isMultipart ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES
    const declared = declaredLength(c)
    if (declared !== undefined) return declared > maxSize ? tooLarge(c, maxSize, declared <= DISCARDED_BODY_MAX_BYTES) : next()
    return isMultipart ? limitUpload(c, next) : limitJson(c, next)
  }
}

/** The Content-Length that frames the body; with Transfer-Encoding present it does not (RFC 9112 §6.3). */
function declaredLength(c: Context<GatewayEnv>): number | undefined {
  const contentLength = c.req.header('Content-Length')
  if (contentLength === undefined || c.req.header('Transfer-Encoding') !== undefined) return undefined
  return parseInt(contentLength, 10)
}
