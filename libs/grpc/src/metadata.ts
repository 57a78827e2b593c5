import { Metadata } from '@grpc/grpc-js'
import { isEnvironment, type Caller, type Environment } from '@pp/tenancy'

/**
 * What a call carries from the gateway to a service, and from a service to the next: the tenant
 * the credentials selected, the request id for tracing and, for effects that must happen once,
 * the idempotency key. A caller sends what it has: a credential check has no tenant yet.
 */
export type CallContext = Partial<Caller>

/** The context of an incoming call as sent: empty strings for missing ids, no environment unless a valid one. */
export interface ReceivedContext {
  platformId: string
  environment: Environment | undefined
  requestId: string
  idempotencyKey?: string
  /** Set once the gateway's token for the tenant is verified (see `trustedContext`). */
  tenantToken?: string
}

const KEYS = {
  platformId: 'x-platform-id',
  environment: 'x-environment',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
  tenantToken: 'x-tenant-token',
} as const

export const TENANT_TOKEN = KEYS.tenantToken

/** The W3C trace context of a traced call (see @pp/tracing). */
export const TRACEPARENT = 'traceparent'

export function contextToMetadata(ctx: CallContext): Metadata {
  const metadata = new Metadata()
  if (ctx.platformId) metadata.set(KEYS.platformId, ctx.platformId)
  if (ctx.environment) metadata.set(KEYS.environment, ctx.environment)
  if (ctx.requestId) metadata.set(KEYS.requestId, ctx.requestId)
  if (ctx.idempotencyKey) metadata.set(KEYS.idempotencyKey, ctx.idempotencyKey)
  if (ctx.tenantToken) metadata.set(KEYS.tenantToken, ctx.tenantToken)
  return metadata
}

/** The context as the headers state it; the tenant token, if any, is read and checked by `trustedContext`. */
export function contextFromMetadata(metadata: Metadata): ReceivedContext {
  const read = (key: string): string | undefined => {
    const value = metadata.get(key)[0]
    return value === undefined ? undefined : String(value)
  }
  const environment = read(KEYS.environment)
  return {
    platformId: read(KEYS.platformId) ?? '',
    environment: isEnvironment(environment) ? environment : undefined,
    requestId: read(KEYS.requestId) ?? '',
    idempotencyKey: read(KEYS.idempotencyKey),
  }
}
