export type Environment = 'SANDBOX' | 'PRODUCTION'

/** The platform and environment the caller's credentials selected; every row belongs to one. */
export interface Tenant {
  platformId: string
  environment: Environment
}

/** Who is calling: the tenant, and the request id for tracing. */
export interface Caller extends Tenant {
  requestId: string
}

export const tenantOf = ({ platformId, environment }: Tenant): Tenant => ({ platformId, environment })
