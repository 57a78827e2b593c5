import { Hono } from 'hono'
import type { Logger } from '@pp/logging'
import type { Authenticator } from './auth/authenticator.js'
import type { GatewayApp, GatewayEnv } from './context.js'
import { handleError, handleNotFound } from './errors/error-handler.js'
import { serveApiReference } from './docs/docs-routes.js'
import { accessLog } from './middleware/access-log.js'
import { limitBody } from './middleware/body-limit.js'
import { checkIdempotencyKey } from './middleware/idempotency-key.js'
import { platformAuth } from './middleware/platform-auth.js'
import { rateLimit } from './middleware/rate-limit.js'
import { requestId } from './middleware/request-id.js'
import { BASE_PATH, createApi, serveOpenApiDocument } from './openapi.js'
import type { TokenBuckets } from './rate-limit/token-buckets.js'
import type { ReadinessReport } from './readiness.js'

export interface GatewayAppOptions {
  logger: Logger
  authenticate: Authenticator
  /** Checks an agent's Bearer token on the agent-operation routes; without it they answer 401. */
  authenticateAgent?: Authenticator
  /** Registers the API's routes on the versioned sub-app, behind authentication. */
  registerRoutes(api: GatewayApp): void
  /** Whether the services behind the gateway can serve (`/readyz`); ready always when absent (tests). */
  readiness?: () => Promise<ReadinessReport>
  /** The per-credential rate limits (main.ts shares them across replicas); no limit when absent (tests of the app alone). */
  rateLimits?: TokenBuckets
}

/**
 * The HTTP framework of the gateway without its routes: request ids, the access log, the body limit, the public
 * health checks, OpenAPI document, its reference page (/docs) and the base URL's index, Basic authentication, the rate limit and the
 * Idempotency-Key check of everything else under the base path, and one error and not-found handler for all of it.
 */
export function createGatewayApp(options: GatewayAppOptions): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>()
  app.use('*', requestId())
  app.use('*', accessLog(options.logger))
  app.use('*', limitBody())
  // liveness: the process answers; readiness: the services it calls do too
  app.get('/healthz', (c) => c.json({ status: 'ok' }))
  app.get('/readyz', async (c) => {
    const report = (await options.readiness?.()) ?? { ready: true, unready: [] }
    return report.ready ? c.json({ status: 'ready' }) : c.json({ status: 'unready', unready: report.unready }, 503)
  })

  const api = createApi()
  // Hono runs handlers in registration order, so the document answers before authentication.
  serveOpenApiDocument(api)
  serveApiReference(app, api)
  api.use('*', platformAuth(options.authenticate, options.authenticateAgent))
  if (options.rateLimits) api.use('*', rateLimit(options.rateLimits))
  api.use('*', checkIdempotencyKey())
  options.registerRoutes(api)
  // mounted last: the parent copies the sub-app's routes when it is mounted
  app.route(BASE_PATH, api)

  app.onError(handleError(options.logger))
  app.notFound(handleNotFound)
  return app
}
