import { OpenAPIHono } from '@hono/zod-openapi'
import type { GatewayApp, GatewayEnv } from './context.js'
import { validationHook } from './errors/validation-hook.js'
import { describeWebhooks } from './openapi-webhooks.js'

export const API_VERSION = '2025-10-13'
export const API_TITLE = 'Payments Platform API'
export const BASE_PATH = `/${API_VERSION}`
export const OPENAPI_DOCUMENT_PATH = '/openapi.json'
/** The security scheme of every route; operations list the permissions they accept under it. */
export const BASIC_AUTH_SCHEME = 'BasicAuth'
/** The agent-operation routes' scheme: the access token an agent's device code was redeemed for. */
export const AGENT_AUTH_SCHEME = 'AgentAuth'

/** The sub-app every route is registered on; mounted under the base path by the app builder. */
export const createApi = (): GatewayApp => new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook })

/**
 * Serves the OpenAPI 3.1 document generated from the registered routes' zod schemas. Paths are
 * relative to the server URL, which carries the version segment, as in the published reference.
 * Register it before the authentication middleware: the document is public.
 */
export function serveOpenApiDocument(api: GatewayApp): void {
  api.openAPIRegistry.registerComponent('securitySchemes', BASIC_AUTH_SCHEME, {
    type: 'http',
    scheme: 'basic',
    description: 'API token authentication: `<api token id>:<api client secret>`; the token\'s `clientId` is accepted as the username too.',
  })
  api.openAPIRegistry.registerComponent('securitySchemes', AGENT_AUTH_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: "An agent's access token, from redeeming its device code; it acts for the agent's customer within the agent's policy.",
  })
  describeWebhooks(api)
  let document: ReturnType<GatewayApp['getOpenAPI31Document']> | undefined
  api.get(OPENAPI_DOCUMENT_PATH, (c) => {
    // generated on first use, when every route has been registered; routes never change after
    document ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: API_TITLE, version: API_VERSION },
      servers: [{ url: BASE_PATH, description: 'This server' }],
      security: [{ [BASIC_AUTH_SCHEME]: [] }],
    })
    return c.json(document)
  })
}
