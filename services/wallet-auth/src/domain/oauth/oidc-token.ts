import { createHash } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose'
import type { OidcIssuerConfig } from '../../config.js'
import { isSandbox, type Tenant } from '../types.js'

/** The identity an OAUTH credential stands for. */
export interface OidcIdentity {
  issuer: string
  audience: string
  subject: string
  email?: string
}

/** The spec's freshness rule: iat at most 60 s before the request, with 5 s of clock skew. */
const IAT_MAX_AGE_S = 60
const CLOCK_SKEW_S = 5
/** The legacy sandbox token, no longer accepted anywhere. */
const LEGACY_SANDBOX_TOKEN = 'sandbox-valid-oidc-token'

export interface OidcVerifier {
  /**
   * Checks an ID token against the spec's rules and answers its identity. `nonceFor`, on verify,
   * is the clientPublicKey the token's nonce must commit to (SHA-256 hex of that exact string).
   */
  verify(tenant: Tenant, token: string, now: Date, nonceFor?: string): Promise<OidcIdentity>
}

const rejected = (reason: string) => new ApiError('UNAUTHORIZED', reason)

/**
 * The verifier for the configured issuers. Production checks the token's signature against the
 * issuer's published keys (fetched and cached by jose); sandbox skips only that check.
 */
export function oidcVerifier(issuers: OidcIssuerConfig[]): OidcVerifier {
  const keySets = new Map(issuers.map((i) => [i.issuer, createRemoteJWKSet(new URL(i.jwksUri))]))
  return {
    async verify(tenant, token, now, nonceFor) {
      const claims = decodeClaims(token)
      const keySet = typeof claims.iss === 'string' ? keySets.get(claims.iss) : undefined
      if (!keySet) throw invalidInput([{ field: 'oidcToken', message: 'the token issuer is not supported' }], 'Unsupported OIDC issuer')
      const identity = checkClaims(claims, now)
      if (nonceFor !== undefined && claims.nonce !== sha256Hex(nonceFor)) {
        throw rejected('OIDC token nonce does not match the SHA-256 of clientPublicKey')
      }
      if (!isSandbox(tenant)) {
        await jwtVerify(token, keySet, { issuer: identity.issuer, currentDate: now, clockTolerance: CLOCK_SKEW_S }).catch(() => {
          throw rejected('OIDC token signature is invalid')
        })
      }
      return identity
    },
  }
}

function decodeClaims(token: string): JWTPayload {
  const malformed = (message: string) => invalidInput([{ field: 'oidcToken', message }], 'Malformed OIDC token')
  if (token === LEGACY_SANDBOX_TOKEN) throw malformed(`${LEGACY_SANDBOX_TOKEN} is no longer accepted; send a real ID token`)
  try {
    return decodeJwt(token)
  } catch {
    throw malformed('expected a JWT (three base64url segments with a JSON payload)')
  }
}

function checkClaims(claims: JWTPayload, now: Date): OidcIdentity {
  const nowS = now.getTime() / 1000
  const audience = Array.isArray(claims.aud) && claims.aud.length === 1 ? claims.aud[0] : claims.aud
  if (typeof audience !== 'string' || audience === '') throw rejected('OIDC token aud must be a non-empty string or a one-element array')
  if (typeof claims.sub !== 'string' || claims.sub === '') throw rejected('OIDC token sub is missing')
  if (typeof claims.iat !== 'number') throw rejected('OIDC token iat is missing')
  if (claims.iat < nowS - IAT_MAX_AGE_S - CLOCK_SKEW_S) throw rejected('OIDC token iat is more than 60 seconds old')
  if (claims.iat > nowS + CLOCK_SKEW_S) throw rejected('OIDC token iat is in the future')
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) throw rejected('OIDC token has expired')
  const email = typeof claims.email === 'string' ? claims.email : undefined
  return { issuer: claims.iss as string, audience, subject: claims.sub, email }
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')
