import { Metadata } from '@grpc/grpc-js'

export type Environment = 'SANDBOX' | 'PRODUCTION'

/**
 * What every call carries from the gateway to a service: the tenant the credentials selected,
 * the request id for tracing and, for effects that must happen once, the idempotency key.
 */
export interface CallContext {
  platformId: string
  environment: Environment
  requestId: string
  idempotencyKey?: string
}

const KEYS = {
  platformId: 'x-platform-id',
  environment: 'x-environment',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
} as const

export function contextToMetadata(ctx: Partial<CallContext>): Metadata {
  const metadata = new Metadata()
  if (ctx.platformId) metadata.set(KEYS.platformId, ctx.platformId)
  if (ctx.environment) metadata.set(KEYS.environment, ctx.environment)
  if (ctx.requestId) metadata.set(KEYS.requestId, ctx.requestId)
  if (ctx.idempotencyKey) metadata.set(KEYS.idempotencyKey, ctx.idempotencyKey)
  return metadata
}

/** The context of an incoming call; fields the caller did not send are empty strings or undefined. */
export function contextFromMetadata(metadata: Metadata): CallContext {
  const read = (key: string): string | undefined => {
    const value = metadata.get(key)[0]
    return value === undefined ? undefined : String(value)
  }
  const environment = read(KEYS.environment)
  return {
    platformId: read(KEYS.platformId) ?? '',
    environment: environment === 'PRODUCTION' ? 'PRODUCTION' : 'SANDBOX',
    requestId: read(KEYS.requestId) ?? '',
    idempotencyKey: read(KEYS.idempotencyKey),
  }
}
