import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import type { Logger } from '@pp/logging'
import { counter, histogram, secondsSince } from '@pp/metrics'
import { inSpan, SpanKind, annotateSpan } from '@pp/tracing'
import type { GatewayEnv } from '../context.js'

const requestSeconds = histogram('http_request_duration_seconds', 'Time to answer a request, by method and route template', ['method', 'route'])
const requests = counter('http_requests_total', 'Requests answered, by method, route template and status', ['method', 'route', 'status'])

/**
 * One log line and one sample per request once it is answered: method, the route's template
 * (`/2025-10-13/customers/:customerId`, never the ids themselves, which would make every path a
 * series of its own), status, duration, request id and the platform the credentials selected.
 * When traced, the request is the trace's root span (or continues the caller's `traceparent`).
 */
export const accessLog = (logger: Logger): MiddlewareHandler<GatewayEnv> =>
  async function accessLog(c, next) {
    const startNs = process.hrtime.bigint()
    const method = c.req.method
    await inSpan(() => `${method} ${routePath(c, -1)}`, { kind: SpanKind.SERVER, parent: c.req.header('traceparent') }, async () => {
      await next()
      annotateSpan({ 'http.response.status_code': c.res.status, 'http.request.id': c.get('requestId') })
    })
    const seconds = secondsSince(startNs)
    const route = routePath(c, -1)
    const status = c.res.status
    requestSeconds.observe({ method, route }, seconds)
    requests.inc({ method, route, status: String(status) })
    logger.info(
      { method, route, status, durationMs: Math.round(seconds * 1e4) / 10, requestId: c.get('requestId'), platformId: c.get('principal')?.platformId },
      'request',
    )
  }
