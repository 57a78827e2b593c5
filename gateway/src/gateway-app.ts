import { Hono } from 'hono'
import type { Logger } from '@pp/logging'
import type { Authenticator } from './auth/authenticator.js'
import type { GatewayApp, GatewayEnv } from './context.js'
import { handleError, handleNotFound } from './errors/error-handler.js'
import { limitBody } from './middleware/body-limit.js'
import { checkIdempotencyKey } from './middleware/idempotency-key.js'
import { platformAuth } from './middleware/platform-auth.js'
import { requestId } from './middleware/request-id.js'
import { BASE_PATH, createApi, serveOpenApiDocument } from './openapi.js'

export interface GatewayAppOptions {
  logger: Logger
  authenticate: Authenticator
  /** Checks an agent's Bearer token on the agent-operation routes; without it they answer 401. */
  authenticateAgent?: Authenticator
  /** Registers the API's routes on the versioned sub-app, behind authentication. */
  registerRoutes(api: GatewayApp): void
}

/**
 * The HTTP framework of the gateway without its routes: request ids, the body limit, the public
 * health check and OpenAPI document, Basic authentication and the Idempotency-Key check of
 * everything else under the base path, and one error and not-found handler for all of it.
 */
export function createGatewayApp(options: GatewayAppOptions): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>()
  app.use('*', requestId())
  app.use('*', limitBody())
  app.get('/healthz', (c) => c.json({ status: 'ok' }))

  const api = createApi()
  // Hono runs handlers in registration order, so the document answers before authentication.
  serveOpenApiDocument(api)
  api.use('*', platformAuth(options.authenticate, options.authenticateAgent))
  api.use('*', checkIdempotencyKey())
  options.registerRoutes(api)
  // mounted last: the parent copies the sub-app's routes when it is mounted
  app.route(BASE_PATH, api)

  app.onError(handleError(options.logger))
  app.notFound(handleNotFound)
  return app
}
