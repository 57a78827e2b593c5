import type { OpenAPIHono } from '@hono/zod-openapi'
import { tenantTokenFor, type CallContext } from '@pp/grpc'
import type { Permission } from '@pp/vocabulary'

/** Who is calling, as the credentials selected it. */
export interface Principal {
  platformId: string
  environment: 'SANDBOX' | 'PRODUCTION'
  tokenId: string
  /** What the token may do; routes check it with `requirePermission`. */
  permissions: Permission[]
  /** Set when an agent's Bearer token authenticated: the agent-operation routes act for its customer. */
  agent?: AgentPrincipal
}

export interface AgentPrincipal {
  agentId: string
  customerId: string
  /** The agent policy's permissions (VIEW_TRANSACTIONS, ...). */
  permissions: string[]
}

/** Variables every handler can read with `c.get(...)`. */
export interface GatewayVariables {
  requestId: string
  principal: Principal
}

export interface GatewayEnv {
  Variables: GatewayVariables
}

export type GatewayApp = OpenAPIHono<GatewayEnv>

type RequestContext = { get<K extends keyof GatewayVariables>(key: K): GatewayVariables[K]; req: { header(name: string): string | undefined } }

/**
 * What a route passes to a service call: the tenant, with the gateway's signed token of it that
 * the services believe rather than the bare ids (@pp/grpc), the request id and the idempotency key.
 */
export function callContext(c: RequestContext): CallContext {
  const principal = c.get('principal')
  const requestId = c.get('requestId')
  return {
    platformId: principal.platformId,
    environment: principal.environment,
    requestId,
    idempotencyKey: c.req.header('Idempotency-Key'),
    tenantToken: tenantTokenFor({ platformId: principal.platformId, environment: principal.environment, permissions: principal.permissions }),
  }
}
