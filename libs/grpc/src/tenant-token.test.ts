import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signTenantToken, TENANT_TOKEN_TTL_MS, verifyTenantToken, type TenantClaims } from './tenant-token.js'

const keyPair = () => {
  const { privateKey } = generateKeyPairSync('ed25519')
  const keyId = createHash('sha256').update(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })).digest('base64url').slice(0, 16)
  return { signing: { keyId, privateKey }, believed: new Map([[keyId, createPublicKey(privateKey)]]) }
}
const gateway = keyPair()
const claims: TenantClaims = { platformId: 'Platform:1', environment: 'PRODUCTION', permissions: ['VIEW'] }
const now = Date.UTC(2026, 10, 29)
const reason = (run: () => unknown): string => {
  try {
    run()
  } catch (err) {
    expect((err as { code?: string }).code).toBe('UNAUTHORIZED')
    return (err as Error).message
  }
  throw new Error('the token was believed')
}

describe('tenant tokens', () => {
  it('carry the claims the gateway signed, until they expire', () => {
    const token = signTenantToken(gateway.signing, claims, now)
    expect(verifyTenantToken(token, gateway.believed, now + 1_000)).toEqual({ ...claims, expiresAtMs: now + TENANT_TOKEN_TTL_MS })
    expect(reason(() => verifyTenantToken(token, gateway.believed, now + TENANT_TOKEN_TTL_MS))).toMatch(/expired/)
  })

  it('are refused when another key signed them, under its own id or the gateway\'s', () => {
    const other = keyPair()
    expect(reason(() => verifyTenantToken(signTenantToken(other.signing, claims, now), gateway.believed, now))).toMatch(/does not believe/)
    const posing = signTenantToken({ keyId: gateway.signing.keyId, privateKey: other.signing.privateKey }, claims, now)
    expect(reason(() => verifyTenantToken(posing, gateway.believed, now))).toMatch(/invalid signature/)
  })

  it('are refused when a claim is changed after signing', () => {
    const [version, keyId, , signature] = signTenantToken(gateway.signing, claims, now).split('.')
    const payload = Buffer.from(JSON.stringify({ p: 'Platform:2', e: 'PRODUCTION', perms: ['VIEW'], iat: now, exp: now + TENANT_TOKEN_TTL_MS })).toString('base64url')
    expect(reason(() => verifyTenantToken([version, keyId, payload, signature].join('.'), gateway.believed, now))).toMatch(/invalid signature/)
  })

  it('are refused when malformed or issued in the future', () => {
    expect(reason(() => verifyTenantToken('v1.a.b', gateway.believed, now))).toMatch(/malformed/)
    expect(reason(() => verifyTenantToken(signTenantToken(gateway.signing, claims, now + 60_000), gateway.believed, now))).toMatch(/future/)
  })
})
