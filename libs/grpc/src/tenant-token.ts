import { sign, verify, type KeyObject } from 'node:crypto'
import { ApiError } from '@pp/errors'
import { isEnvironment, type Environment } from '@pp/tenancy'

/**
 * The tenant a request acts for, as the gateway vouches for it after checking the caller's
 * credentials: its platform and environment, and what the credentials may do. Services take the
 * tenant from a verified token, not from bare headers (issue 31), and forward the token on the
 * calls they make for the same request. The request id is no claim: it authorizes nothing and
 * travels beside the token, so that one token serves a tenant's requests for a while (see
 * `tenantTokenFor`) instead of costing a signature and a verification each.
 */
export interface TenantClaims {
  platformId: string
  environment: Environment
  permissions: readonly string[]
}

/** An Ed25519 key and the id that tells verifiers which public key checks it (@pp/events `SigningKey`). */
export interface TokenSigningKey {
  keyId: string
  privateKey: KeyObject
}

/**
 * Long enough for the calls a request makes, which a service may still be making after the HTTP
 * answer (a quote executing on), short enough that a token copied from the network is soon worth
 * nothing.
 */
export const TENANT_TOKEN_TTL_MS = 5 * 60_000
// the clocks of the gateway and the services may disagree by this much
const CLOCK_SKEW_MS = 30_000

// signed with this prefix, so no signature the same key makes for anything else (an event) is a token
const DOMAIN = 'payments-platform tenant token v1.'
const VERSION = 'v1'

interface Payload {
  p: string
  e: Environment
  perms: readonly string[]
  iat: number
  exp: number
}

/** `v1.<key id>.<payload, base64url JSON>.<Ed25519 signature, base64url>` */
export function signTenantToken(key: TokenSigningKey, claims: TenantClaims, nowMs = Date.now()): string {
  const payload: Payload = { p: claims.platformId, e: claims.environment, perms: claims.permissions, iat: nowMs, exp: nowMs + TENANT_TOKEN_TTL_MS }
  const signed = `${VERSION}.${key.keyId}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
  return `${signed}.${sign(null, Buffer.from(DOMAIN + signed), key.privateKey).toString('base64url')}`
}

const refused = (why: string): ApiError => new ApiError('UNAUTHORIZED', `The call's tenant token ${why}`)

/**
 * The claims of a token one of `keys` (the gateway's public keys, by key id) signed and that is
 * still valid at `nowMs`; UNAUTHORIZED otherwise.
 */
export function verifyTenantToken(token: string, keys: ReadonlyMap<string, KeyObject>, nowMs = Date.now()): TenantClaims & { expiresAtMs: number } {
  const parts = token.split('.')
  if (parts.length !== 4 || parts[0] !== VERSION) throw refused('is malformed')
  const [, keyId, payloadText, signatureText] = parts as [string, string, string, string]
  const key = keys.get(keyId)
  if (!key) throw refused('is signed by a key the service does not believe')
  if (!verify(null, Buffer.from(`${DOMAIN}${VERSION}.${keyId}.${payloadText}`), key, Buffer.from(signatureText, 'base64url'))) throw refused('has an invalid signature')
  const payload = parsePayload(payloadText)
  if (payload.exp <= nowMs) throw refused('has expired')
  if (payload.iat > nowMs + CLOCK_SKEW_MS) throw refused('is issued in the future')
  return { platformId: payload.p, environment: payload.e, permissions: payload.perms, expiresAtMs: payload.exp }
}

function parsePayload(text: string): Payload {
  let parsed: Partial<Payload>
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Payload>
  } catch {
    throw refused('is malformed')
  }
  const valid =
    typeof parsed.p === 'string' && parsed.p !== '' && isEnvironment(parsed.e) &&
    Array.isArray(parsed.perms) && parsed.perms.every((perm) => typeof perm === 'string') &&
    Number.isSafeInteger(parsed.iat) && Number.isSafeInteger(parsed.exp)
  if (!valid) throw refused('is malformed')
  return parsed as Payload
}
