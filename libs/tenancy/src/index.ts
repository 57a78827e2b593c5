/**
 * Who a request acts for, as every service and the gateway name it: every row belongs to one
 * tenant (a platform in one environment), and every call carries its caller.
 */
export type Environment = 'SANDBOX' | 'PRODUCTION'

export const ENVIRONMENTS: readonly Environment[] = ['SANDBOX', 'PRODUCTION']

export const isEnvironment = (value: unknown): value is Environment => value === 'SANDBOX' || value === 'PRODUCTION'

/** The platform and environment the caller's credentials selected. */
export interface Tenant {
  platformId: string
  environment: Environment
}

/** The tenant a call acts for, the request id that traces it, and, for an effect that must happen once, its key. */
export interface Caller extends Tenant {
  requestId: string
  idempotencyKey?: string
  /**
   * The gateway's signed statement of the tenant, when a request is behind the call: forwarded on
   * every call made for it, so the next service checks the tenant too (@pp/grpc).
   */
  tenantToken?: string
}

/** A tenant and, when a request caused the work (directly, or through the events it wrote), that request's id. */
export interface Origin extends Tenant {
  requestId?: string
}

/** The tenant alone, without the caller's other fields (for row keys and cache keys). */
export const tenantOf = ({ platformId, environment }: Tenant): Tenant => ({ platformId, environment })
