import type { KeyObject } from 'node:crypto'
import type { Metadata, ServerUnaryCall } from '@grpc/grpc-js'
import { ApiError } from '@pp/errors'
import { GATEWAY_IDENTITY } from '@pp/identity'
import { signTenantToken, verifyTenantToken, type TenantClaims, type TokenSigningKey } from './tenant-token.js'
import { TENANT_TOKEN, type ReceivedContext } from './metadata.js'
import { callerIdentity } from './peer.js'
import { isMutualTls } from './transport.js'

let gatewayKeys: ReadonlyMap<string, KeyObject> | undefined
let signingKey: TokenSigningKey | undefined

// a request's token reaches a service on each of the calls it makes: it is checked once
const VERIFIED_MAX_ENTRIES = 10_000
const verified = new Map<string, TenantClaims & { expiresAtMs: number }>()

/**
 * The keys a service believes tenant tokens from: the gateway's, among the public keys the process
 * believes by source (runService gives the event verify keys, where the gateway's signing key is
 * named `gateway`). Before it is called (in-process tests) no token is checked and the tenant
 * headers are taken as sent.
 */
export function configureTenantTokens(keysOf: (source: string) => ReadonlyMap<string, KeyObject> | undefined): void {
  gatewayKeys = keysOf(GATEWAY_IDENTITY) ?? new Map()
  verified.clear()
}

/** The gateway's own key, which signs the token of every request it authenticated (its main sets it). */
export function configureTenantTokenSigning(key: TokenSigningKey): void {
  signingKey = key
  signed.clear()
}

/**
 * How long the gateway hands out one tenant's token before signing a fresh one: every token it
 * hands out has at least TENANT_TOKEN_TTL_MS minus this left, for the calls a request's work goes
 * on making. Signing per request cost the gateway ~0.14 ms and each service ~0.3 ms of CPU per
 * request (profiled under `pnpm bench`'s reads); reused, a token is signed once a minute and each
 * service verifies it once.
 */
const TOKEN_REUSE_MS = 60_000
const SIGNED_MAX_ENTRIES = 10_000
const signed = new Map<string, { token: string; signedAtMs: number }>()

/**
 * The token for `claims`, signed with the configured key, the same for a tenant and permission
 * set for a minute; none while the process has no key (a test's app).
 */
export function tenantTokenFor(claims: TenantClaims): string | undefined {
  if (signingKey === undefined) return undefined
  const key = `${claims.platformId}|${claims.environment}|${claims.permissions.join(',')}`
  const nowMs = Date.now()
  const reusable = signed.get(key)
  if (reusable !== undefined && nowMs - reusable.signedAtMs < TOKEN_REUSE_MS) return reusable.token
  const token = signTenantToken(signingKey, claims, nowMs)
  if (signed.size >= SIGNED_MAX_ENTRIES) signed.clear()
  signed.set(key, { token, signedAtMs: nowMs })
  return token
}

function claimsOf(token: string, keys: ReadonlyMap<string, KeyObject>): TenantClaims {
  const nowMs = Date.now()
  const known = verified.get(token)
  if (known !== undefined && known.expiresAtMs > nowMs) return known
  const claims = verifyTenantToken(token, keys, nowMs)
  if (verified.size >= VERIFIED_MAX_ENTRIES) verified.clear()
  verified.set(token, claims)
  return claims
}

const tokenIn = (metadata: Metadata): string | undefined => {
  const value = metadata.get(TENANT_TOKEN)[0]
  return value === undefined ? undefined : String(value)
}

/**
 * The context an incoming call acts in. A call carrying a tenant token acts for the tenant the
 * token names (a token naming another tenant than the headers is refused: a service forwarding
 * one request's token for another tenant's work is a fault or an attack). The gateway acts for a
 * platform only with a token. Another service may act for a platform without one: its own work
 * (a job, an event it consumes) has no request behind it, and its identity, checked against the
 * callee's table of callers, is what is trusted then.
 */
export function trustedContext(call: Pick<ServerUnaryCall<unknown, unknown>, 'getAuthContext' | 'metadata'>, received: ReceivedContext): ReceivedContext {
  if (gatewayKeys === undefined) return received
  const token = tokenIn(call.metadata)
  if (token === undefined) {
    if (received.platformId && isMutualTls() && callerIdentity(call) === GATEWAY_IDENTITY) {
      throw new ApiError('UNAUTHORIZED', 'The gateway acts for a platform only with a tenant token')
    }
    return received
  }
  const claims = claimsOf(token, gatewayKeys)
  const headersAgree = (!received.platformId || received.platformId === claims.platformId) && (!received.environment || received.environment === claims.environment)
  if (!headersAgree) throw new ApiError('UNAUTHORIZED', "The call's tenant token names another tenant than the call")
  return { ...received, platformId: claims.platformId, environment: claims.environment, tenantToken: token }
}
