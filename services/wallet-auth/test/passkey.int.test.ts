import { randomBytes } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { decryptCredentialBundle } from '@turnkey/crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicKeyOf } from '../src/crypto/p256.js'
import { SoftwareAuthenticator } from './authenticator.js'
import type { PasskeyAuthChallengeView } from '../src/domain/credentials/credential-view.js'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { authMethodOf, begin, complete, ISO_TIME, newDeviceKey, proofOf, sessionOf, stamp } from './device.js'
import { ORIGIN, RP_ID, startHarness, tenantOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('passkey')
})
afterAll(() => h?.stop())

async function registerPasskey(ctx: Partial<Caller>, authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN)) {
  const wallet = h.directory.add(tenantOf(ctx))
  const registration = authenticator.register(randomBytes(32).toString('base64url'))
  const created = await callUnary(
    h.client,
    h.client.createAuthCredential,
    { accountId: wallet.accountId, type: 'PASSKEY', nickname: 'Test key', ...registration },
    ctx,
  )
  return { wallet, authenticator, method: authMethodOf(created) }
}

async function passkeyChallenge(ctx: Partial<Caller>, id: string, clientPublicKey: string) {
  const { challengeJson } = await callUnary(h.client, h.client.challengeAuthCredential, { id, clientPublicKey }, ctx)
  return JSON.parse(challengeJson) as PasskeyAuthChallengeView
}

describe('passkey credentials', () => {
  it('verifies an assertion and seals a fresh session key to clientPublicKey; that key signs requests', async () => {
    const { wallet, authenticator, method } = await registerPasskey(h.sandbox)
    expect(method).toMatchObject({ type: 'PASSKEY', nickname: 'Test key', credentialId: authenticator.credentialId })

    const client = newDeviceKey()
    const issued = await passkeyChallenge(h.sandbox, method.id, client.publicKeyUncompressed)
    expect(issued).toEqual({
      ...method,
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      requestId: expect.stringMatching(/^Request:/),
      expiresAt: expect.stringMatching(ISO_TIME),
    })
    const { challenge, requestId } = issued
    const verified = await callUnary(
      h.client,
      h.client.verifyAuthCredential,
      { id: method.id, type: 'PASSKEY', requestId, assertion: authenticator.assert(challenge) },
      h.sandbox,
    )
    const session = sessionOf(verified)
    expect(session).toMatchObject({ accountId: wallet.accountId, type: 'PASSKEY', credentialId: authenticator.credentialId, nickname: 'Test key' })
    const sessionPrivateKey = decryptCredentialBundle(session.encryptedSessionSigningKey!, client.privateKey)
    const sessionKey = { privateKey: sessionPrivateKey, publicKey: publicKeyOf(sessionPrivateKey), publicKeyUncompressed: publicKeyOf(sessionPrivateKey, false) }

    const pending = await begin(h, h.sandbox, wallet.accountId, 'DELETE /auth/sessions/x', '')
    const done = await complete(h, h.sandbox, wallet.accountId, pending.requestId, await stamp(sessionKey, pending.payloadToSign), 'DELETE /auth/sessions/x', '')
    expect(done.signerSessionId).toBe(session.id)
  })

  it('refuses a replayed challenge, a counter that does not increase, a foreign origin and a missing user presence', async () => {
    const { authenticator, method } = await registerPasskey(h.sandbox)
    const client = newDeviceKey().publicKey
    const verify = (requestId: string, assertion: ReturnType<SoftwareAuthenticator['assert']>) =>
      callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'PASSKEY', requestId, assertion }, h.sandbox)

    const first = await passkeyChallenge(h.sandbox, method.id, client)
    await verify(first.requestId, authenticator.assert(first.challenge, { counter: 5 }))
    await expect(verify(first.requestId, authenticator.assert(first.challenge, { counter: 6 }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })

    const second = await passkeyChallenge(h.sandbox, method.id, client)
    await expect(verify(second.requestId, authenticator.assert(second.challenge, { counter: 5 }))).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(verify(second.requestId, authenticator.assert(second.challenge, { counter: 7, origin: 'https://evil.example' }))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    await expect(verify(second.requestId, authenticator.assert(second.challenge, { counter: 8, userPresent: false }))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    })
    const wrongChallenge = authenticator.assert('0'.repeat(64), { counter: 9 })
    await expect(verify(second.requestId, wrongChallenge)).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(verify('', authenticator.assert(second.challenge, { counter: 10 }))).rejects.toMatchObject({ code: 'REQUEST_ID_MISSING' })

    expect((await verify(second.requestId, authenticator.assert(second.challenge, { counter: 11 }))).sessionJson).toBeDefined()
    expect((await open(h.db).authMethod.findUniqueOrThrow({ where: { id: method.id } })).passkeyCounter).toBe(11n)
  })

  it('accepts sandbox-valid-passkey-signature in sandbox only', async () => {
    const client = newDeviceKey().publicKey
    for (const ctx of [h.sandbox, h.production]) {
      const { authenticator, method } = await registerPasskey(ctx)
      const { challenge, requestId } = await passkeyChallenge(ctx, method.id, client)
      const assertion = { ...authenticator.assert(challenge), signature: 'sandbox-valid-passkey-signature' }
      const verifying = callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'PASSKEY', requestId, assertion }, ctx)
      if (ctx === h.sandbox) expect((await verifying).sessionJson).toBeDefined()
      else await expect(verifying).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'sandbox-valid-passkey-signature is accepted in sandbox only' })
    }
  })

  it('refuses a registration from another origin', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const registration = new SoftwareAuthenticator(RP_ID, ORIGIN).register('abc', { origin: 'https://evil.example' })
    await expect(
      callUnary(h.client, h.client.createAuthCredential, { accountId: wallet.accountId, type: 'PASSKEY', nickname: 'k', ...registration }, h.sandbox),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(await open(h.db).authMethod.count({ where: { accountId: wallet.accountId } })).toBe(0)
  })

  it('answers 400 for a credentialId already registered and 409 for a second passkey of the customer', async () => {
    const { wallet, authenticator } = await registerPasskey(h.sandbox)
    const again = authenticator.register('c2FtZQ')
    // a further credential of the wallet is signed (here with the sandbox legacy value)
    const create = async (registration: ReturnType<SoftwareAuthenticator['register']>) => {
      const request = { accountId: wallet.accountId, type: 'PASSKEY', nickname: 'k', ...registration }
      const proof = await proofOf(h, h.sandbox, wallet.accountId, walletAuthSignedOperation.addCredential(), JSON.stringify(request))
      return callUnary(h.client, h.client.createAuthCredential, { ...request, proof }, h.sandbox)
    }
    await expect(create(again)).rejects.toMatchObject({ code: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS' })
    await expect(create(new SoftwareAuthenticator(RP_ID, ORIGIN).register('c2Vjb25k'))).rejects.toMatchObject({ code: 'PASSKEY_ALREADY_ENROLLED' })
  })

  it('needs clientPublicKey to issue a passkey challenge', async () => {
    const { method } = await registerPasskey(h.sandbox)
    await expect(callUnary(h.client, h.client.challengeAuthCredential, { id: method.id }, h.sandbox)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
