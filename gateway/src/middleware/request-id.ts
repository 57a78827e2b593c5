import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { GatewayEnv } from '../context.js'

export const REQUEST_ID_HEADER = 'X-Request-Id'

// A caller's id is echoed into logs and headers, so only a short, plain one is trusted.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Gives every request an id (the caller's, when it sent a sane one) and echoes it on every
 * answer, error and not-found answers included, so a caller can quote it when reporting a problem.
 */
export const requestId = (): MiddlewareHandler<GatewayEnv> =>
  async function requestId(c, next) {
    const incoming = c.req.header(REQUEST_ID_HEADER)
    const id = incoming !== undefined && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    c.set('requestId', id)
    // Before next(): a prepared header goes into whatever response the handler, the error handler
    // or the not-found handler builds through the context. Set after next(), it would make Hono
    // copy the finished response, which turns @hono/node-server's lightweight one into a real one.
    c.header(REQUEST_ID_HEADER, id)
    await next()
  }
