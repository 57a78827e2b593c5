import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { begin, complete, newDeviceKey, proofOf, stamp, walletWithSession } from './device.js'
import { SESSION_TTL_MS, SIGNED_REQUEST_TTL_MS, startHarness, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('signed_requests')
})
afterAll(() => h?.stop())

const OPERATION = 'POST /internal-accounts/x/export'
const BODY = '{"clientPublicKey":"04ab"}'

describe('signed requests', () => {
  it('issues a payload committing to request, wallet, operation, body and expiry; a session key signs it once', async () => {
    const { wallet, tek, session } = await walletWithSession(h, h.sandbox)
    const challenge = await begin(h, h.sandbox, wallet.accountId, OPERATION, BODY)
    expect(JSON.parse(challenge.payloadToSign)).toMatchObject({
      requestId: challenge.requestId,
      accountId: wallet.accountId,
      operation: OPERATION,
      expiresAt: challenge.expiresAt!.toISOString(),
    })
    const signature = await stamp(tek, challenge.payloadToSign)
    const done = await complete(h, h.sandbox, wallet.accountId, challenge.requestId, signature, OPERATION, BODY)
    expect(done.signerSessionId).toBe(session.id)
    await expect(complete(h, h.sandbox, wallet.accountId, challenge.requestId, signature, OPERATION, BODY)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Request-Id was already used',
    })
  })

  it('lets exactly one of several racing retries through', async () => {
    const { wallet, tek } = await walletWithSession(h, h.sandbox)
    const challenge = await begin(h, h.sandbox, wallet.accountId, OPERATION, BODY)
    const signature = await stamp(tek, challenge.payloadToSign)
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => complete(h, h.sandbox, wallet.accountId, challenge.requestId, signature, OPERATION, BODY)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })

  it('names each failure: missing, malformed, body mismatch, invalid signature, foreign key, unknown or expired request', async () => {
    const { wallet, tek } = await walletWithSession(h, h.sandbox)
    const other = await walletWithSession(h, h.sandbox)
    const challenge = await begin(h, h.sandbox, wallet.accountId, OPERATION, BODY)
    const good = await stamp(tek, challenge.payloadToSign)
    const attempt = (overrides: Partial<{ requestId: string; signature: string; operation: string; body: string }>) =>
      complete(
        h,
        h.sandbox,
        wallet.accountId,
        overrides.requestId ?? challenge.requestId,
        overrides.signature ?? good,
        overrides.operation ?? OPERATION,
        overrides.body ?? BODY,
      )

    await expect(attempt({ requestId: '' })).rejects.toMatchObject({ code: 'REQUEST_ID_MISSING' })
    await expect(attempt({ signature: '' })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_MISSING' })
    await expect(attempt({ signature: 'not a stamp' })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_MALFORMED' })
    const wrongScheme = Buffer.from(JSON.stringify({ publicKey: tek.publicKey, scheme: 'OTHER', signature: 'ab' })).toString('base64url')
    await expect(attempt({ signature: wrongScheme })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_MALFORMED' })
    await expect(attempt({ body: '{"clientPublicKey":"04cd"}' })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    await expect(attempt({ operation: 'DELETE /auth/sessions/x' })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    await expect(attempt({ signature: await stamp(tek, `${challenge.payloadToSign} `) })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' })
    await expect(attempt({ signature: await stamp(newDeviceKey(), challenge.payloadToSign) })).rejects.toMatchObject({
      code: 'WALLET_SIGNATURE_INVALID',
      message: 'The signing key belongs to no active session of this wallet',
    })
    // a valid session key, but of another wallet
    await expect(attempt({ signature: await stamp(other.tek, challenge.payloadToSign) })).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' })
    await expect(attempt({ requestId: 'Request:019542f5-b3e7-7d02-8000-000000000000' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    // none of the failures used the request up
    expect((await attempt({})).signerSessionId).toBeDefined()

    const late = await begin(h, h.sandbox, wallet.accountId, OPERATION, BODY)
    h.advanceClock(SIGNED_REQUEST_TTL_MS + 1)
    await expect(
      complete(h, h.sandbox, wallet.accountId, late.requestId, await stamp(tek, late.payloadToSign), OPERATION, BODY),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Request-Id has expired; start the operation again' })
  })

  it('accepts the session key compressed or uncompressed in the stamp (same curve point)', async () => {
    const { wallet, tek } = await walletWithSession(h, h.sandbox)
    const challenge = await begin(h, h.sandbox, wallet.accountId, OPERATION, BODY)
    const uncompressed = await stamp({ ...tek, publicKey: tek.publicKeyUncompressed }, challenge.payloadToSign)
    expect((await complete(h, h.sandbox, wallet.accountId, challenge.requestId, uncompressed, OPERATION, BODY)).signerSessionId).toBeDefined()
  })

  it('refuses keys of revoked and expired sessions', async () => {
    const revoked = await walletWithSession(h, h.sandbox)
    const revocation = walletAuthSignedOperation.revokeSession(revoked.session.id)
    const proof = await proofOf(h, h.sandbox, revoked.wallet.accountId, revocation, '', revoked.tek)
    await callUnary(h.client, h.client.revokeAuthSession, { id: revoked.session.id, proof }, h.sandbox)
    const first = await begin(h, h.sandbox, revoked.wallet.accountId, OPERATION, BODY)
    await expect(
      complete(h, h.sandbox, revoked.wallet.accountId, first.requestId, await stamp(revoked.tek, first.payloadToSign), OPERATION, BODY),
    ).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' })

    const expiring = await walletWithSession(h, h.sandbox)
    h.advanceClock(SESSION_TTL_MS + 1)
    const second = await begin(h, h.sandbox, expiring.wallet.accountId, OPERATION, BODY)
    await expect(
      complete(h, h.sandbox, expiring.wallet.accountId, second.requestId, await stamp(expiring.tek, second.payloadToSign), OPERATION, BODY),
    ).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' })
  })

  it('accepts the legacy value sandbox-valid-signature in sandbox only', async () => {
    const sandboxWallet = await walletWithSession(h, h.sandbox)
    const inSandbox = await begin(h, h.sandbox, sandboxWallet.wallet.accountId, OPERATION, BODY)
    const done = await complete(h, h.sandbox, sandboxWallet.wallet.accountId, inSandbox.requestId, 'sandbox-valid-signature', OPERATION, BODY)
    expect(done.signerSessionId).toBeUndefined()

    const productionWallet = h.directory.add({ platformId: h.production.platformId!, environment: 'PRODUCTION' })
    const inProduction = await begin(h, h.production, productionWallet.accountId, OPERATION, BODY)
    await expect(
      complete(h, h.production, productionWallet.accountId, inProduction.requestId, 'sandbox-valid-signature', OPERATION, BODY),
    ).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_MALFORMED', message: 'sandbox-valid-signature is accepted in sandbox only' })
  })

  it("issues no challenge for another platform's or environment's wallet, nor a missing one: 404 as the ledger answers, nothing stored", async () => {
    const { wallet } = await walletWithSession(h, h.sandbox)
    const stored = () => open(h.db).signedRequest.count({ where: { accountId: wallet.accountId } })
    const before = await stored()
    for (const ctx of [h.context('SANDBOX', newId('Platform')), h.production]) {
      await expect(begin(h, ctx, wallet.accountId, OPERATION, BODY)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
    }
    await expect(begin(h, h.sandbox, newId('InternalAccount'), OPERATION, BODY)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
    expect(await stored()).toBe(before)
  })

  it('issues no challenge for an account that is no embedded wallet', async () => {
    const fiat = h.directory.add({ platformId: h.sandbox.platformId!, environment: 'SANDBOX' }, 'INTERNAL_FIAT')
    await expect(begin(h, h.sandbox, fiat.accountId, OPERATION, BODY)).rejects.toMatchObject({ code: 'WALLET_NOT_PROVISIONED' })
    expect(await open(h.db).signedRequest.count({ where: { accountId: fiat.accountId } })).toBe(0)
  })

  it("asks the ledger only for a wallet without credentials: a credentialed wallet's first leg is one statement", async () => {
    const { wallet } = await walletWithSession(h, h.sandbox)
    const bare = h.directory.add({ platformId: h.sandbox.platformId!, environment: 'SANDBOX' })
    const asked = vi.spyOn(h.directory, 'requireWallet')
    try {
      await begin(h, h.sandbox, wallet.accountId, OPERATION, BODY)
      expect(asked).not.toHaveBeenCalled()
      await begin(h, h.sandbox, bare.accountId, OPERATION, BODY)
      expect(asked).toHaveBeenCalledTimes(1)
    } finally {
      asked.mockRestore()
    }
  })

  it('refuses a body digest that is not a SHA-256 hex', async () => {
    await expect(
      callUnary(h.client, h.client.beginSignedRequest, { accountId: 'InternalAccount:x', operation: OPERATION, bodyDigest: 'abc' }, h.sandbox),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})
