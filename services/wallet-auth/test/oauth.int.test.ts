import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { decryptCredentialBundle } from '@turnkey/crypto'
import type { JWTPayload } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicKeyOf } from '../src/crypto/p256.js'
import { authMethodOf, newDeviceKey, sessionOf, sha256Hex } from './device.js'
import { unsignedToken } from './oidc-issuer.js'
import { startHarness, tenantOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('oauth')
})
afterAll(() => h?.stop())

const AUDIENCE = 'client-app'
const nowS = () => Math.floor(h.deps.now().getTime() / 1000)
const claims = (overrides: JWTPayload = {}): JWTPayload => ({
  iss: h.issuer.issuer,
  aud: AUDIENCE,
  sub: 'user-1',
  email: 'user@example.com',
  iat: nowS(),
  exp: nowS() + 600,
  ...overrides,
})

async function register(ctx: Partial<Caller>, token: string) {
  const wallet = h.directory.add(tenantOf(ctx))
  return authMethodOf(await callUnary(h.client, h.client.createAuthCredential, { accountId: wallet.accountId, type: 'OAUTH', oidcToken: token }, ctx))
}

const verify = (ctx: Partial<Caller>, id: string, oidcToken: string, clientPublicKey: string) =>
  callUnary(h.client, h.client.verifyAuthCredential, { id, type: 'OAUTH', oidcToken, clientPublicKey }, ctx)

describe('OAuth credentials', () => {
  it('sandbox skips only the signature: registers and verifies with a dummy-signed token bound by nonce', async () => {
    const method = await register(h.sandbox, unsignedToken(claims()))
    expect(method).toMatchObject({ type: 'OAUTH', nickname: 'user@example.com' })
    const client = newDeviceKey()
    const session = sessionOf(await verify(h.sandbox, method.id, unsignedToken(claims({ nonce: sha256Hex(client.publicKey) })), client.publicKey))
    expect(session).toMatchObject({ accountId: method.accountId, type: 'OAUTH', nickname: 'user@example.com' })
    const key = decryptCredentialBundle(session.encryptedSessionSigningKey!, client.privateKey)
    const stored = await open(h.db).authSession.findUniqueOrThrow({ where: { id: session.id } })
    expect(stored.publicKey).toBe(publicKeyOf(key))
  })

  it('checks nonce, identity triple and freshness on verify', async () => {
    const method = await register(h.sandbox, unsignedToken(claims({ sub: 'user-2' })))
    const client = newDeviceKey().publicKey
    const nonce = sha256Hex(client)
    const refused = async (overrides: JWTPayload, reason: string) =>
      expect(verify(h.sandbox, method.id, unsignedToken(claims({ sub: 'user-2', nonce, ...overrides })), client)).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
        message: reason,
      })
    await refused({ nonce: sha256Hex(newDeviceKey().publicKey) }, 'OIDC token nonce does not match the SHA-256 of clientPublicKey')
    await refused({ aud: 'other-app' }, 'The ID token identity (iss, aud, sub) is not this credential')
    await refused({ sub: 'user-3' }, 'The ID token identity (iss, aud, sub) is not this credential')
    await refused({ iat: nowS() - 66 }, 'OIDC token iat is more than 60 seconds old')
    await refused({ exp: nowS() - 1 }, 'OIDC token has expired')
    await refused({ aud: ['a', 'b'] }, 'OIDC token aud must be a non-empty string or a one-element array')
    // within the 5 s of skew, 64 s old is still fresh
    expect((await verify(h.sandbox, method.id, unsignedToken(claims({ sub: 'user-2', nonce, iat: nowS() - 64, aud: [AUDIENCE] })), client)).sessionJson).toBeDefined()
  })

  it('answers INVALID_INPUT for a malformed token, an unsupported issuer and the retired sandbox token', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    for (const oidcToken of ['not-a-jwt', 'sandbox-valid-oidc-token', unsignedToken(claims({ iss: 'https://unknown.example' }))]) {
      await expect(
        callUnary(h.client, h.client.createAuthCredential, { accountId: wallet.accountId, type: 'OAUTH', oidcToken }, h.sandbox),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    }
    expect(await open(h.db).authMethod.count({ where: { accountId: wallet.accountId } })).toBe(0)
  })

  it('production checks the signature against the issuer JWKS', async () => {
    await expect(register(h.production, unsignedToken(claims()))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'OIDC token signature is invalid',
    })
    const method = await register(h.production, await h.issuer.sign(claims({ sub: 'user-4' })))
    const client = newDeviceKey().publicKeyUncompressed
    const nonce = sha256Hex(client)
    await expect(verify(h.production, method.id, unsignedToken(claims({ sub: 'user-4', nonce })), client)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    const session = sessionOf(await verify(h.production, method.id, await h.issuer.sign(claims({ sub: 'user-4', nonce })), client))
    expect(session.encryptedSessionSigningKey).toBeDefined()
  })

  it('has no challenge step', async () => {
    const method = await register(h.sandbox, unsignedToken(claims({ sub: 'user-5' })))
    await expect(callUnary(h.client, h.client.challengeAuthCredential, { id: method.id }, h.sandbox)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
