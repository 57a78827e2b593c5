import { createHash } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { canonicalPublicKey } from '../src/crypto/p256.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthMethodView } from '../src/domain/credentials/credential-view.js'
import type { AuthSessionView } from '../src/domain/sessions/session-view.js'
import { addEmailOtp, ISO_TIME, listOf, newDeviceKey, otpLogin, proofOf, sealOtp, sessionOf, stamp } from './device.js'
import { OTP_CHALLENGES_PER_HOUR, RecordingOtpSender, startHarness, tenantOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness
const otpSender = new RecordingOtpSender()

beforeAll(async () => {
  h = await startHarness('otp', { otpSender })
})
afterAll(() => h?.stop())

describe('OTP credentials', () => {
  it('logs in with HPKE-sealed code 000000 and a TEK-signed retry; the session key is the TEK', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
    expect(method).toEqual({
      id: expect.stringMatching(/^AuthMethod:/),
      accountId: wallet.accountId,
      type: 'EMAIL_OTP',
      nickname: wallet.email,
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
      otpEncryptionTargetBundle: expect.any(String),
    })
    expect(JSON.parse(method.otpEncryptionTargetBundle!)).toMatchObject({ version: 'v1.0.0' })

    const { tek, session } = await otpLogin(h, h.sandbox, method)
    // the TEK stays with the client, so no sealed key is shown
    expect(session).toEqual({
      id: expect.stringMatching(/^Session:/),
      accountId: wallet.accountId,
      type: 'EMAIL_OTP',
      nickname: wallet.email,
      createdAt: expect.stringMatching(ISO_TIME),
      updatedAt: expect.stringMatching(ISO_TIME),
      expiresAt: expect.stringMatching(ISO_TIME),
    })
    const stored = await open(h.db).authSession.findUniqueOrThrow({ where: { id: session.id } })
    expect(stored).toMatchObject({ authMethodId: method.id, publicKey: canonicalPublicKey(tek.publicKeyUncompressed) })
    const listed = listOf<AuthSessionView>(await callUnary(h.client, h.client.listAuthSessions, { accountId: wallet.accountId }, h.sandbox))
    expect(listed).toEqual([session])
  })

  it('answers 401 "Invalid OTP code" for another code, and opens nothing', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
    const encryptedOtpBundle = await sealOtp(h, method.otpEncryptionTargetBundle!, '123456', newDeviceKey())
    await expect(
      callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle }, h.sandbox),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid OTP code' })
    expect(await open(h.db).signedRequest.count({ where: { accountId: wallet.accountId } })).toBe(0)
  })

  it('accepts sandbox-valid-signature for the OTP retry in sandbox, the session key being the TEK of the bundle', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
    const tek = newDeviceKey()
    const encryptedOtpBundle = await sealOtp(h, method.otpEncryptionTargetBundle!, '000000', tek)
    const verify = (extra: { requestId?: string; walletSignature?: string } = {}) =>
      callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle, ...extra }, h.sandbox)
    const { signedRequestChallenge } = await verify()
    const session = sessionOf(await verify({ requestId: signedRequestChallenge!.requestId, walletSignature: 'sandbox-valid-signature' }))
    expect((await open(h.db).authSession.findUniqueOrThrow({ where: { id: session.id } })).publicKey).toBe(tek.publicKey)
  })

  describe('guessing', () => {
    const verifier = (method: AuthMethodView, ctx = h.sandbox) => async (code: string) =>
      callUnary(
        h.client,
        h.client.verifyAuthCredential,
        { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle: await sealOtp(h, method.otpEncryptionTargetBundle!, code, newDeviceKey()) },
        ctx,
      )
    const failures = async (attempts: Promise<unknown>[]) =>
      (await Promise.allSettled(attempts)).map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'accepted'))

    it('locks the challenge after five attempts, so the right code no longer works', async () => {
      const wallet = h.directory.add(tenantOf(h.sandbox))
      const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
      const verify = verifier(method)
      for (let attempt = 0; attempt < 5; attempt++) await expect(verify('111111')).rejects.toMatchObject({ message: 'Invalid OTP code' })
      await expect(verify('000000')).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Too many attempts at this OTP code; request a new one' })
    })

    it('compares at most five of 50 parallel wrong codes: each attempt is counted before its code is compared', async () => {
      const wallet = h.directory.add(tenantOf(h.sandbox))
      const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
      const verify = verifier(method)
      const bundles = await Promise.all(Array.from({ length: 50 }, (_, i) => sealOtp(h, method.otpEncryptionTargetBundle!, String(100_000 + i), newDeviceKey())))
      const answers = await failures(
        bundles.map((encryptedOtpBundle) => callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle }, h.sandbox)),
      )
      expect(answers.filter((a) => a === 'Invalid OTP code')).toHaveLength(5)
      expect(answers.filter((a) => a === 'Too many attempts at this OTP code; request a new one')).toHaveLength(45)
      const [stored] = await open(h.db).otpChallenge.findMany({ where: { authMethodId: method.id } })
      expect(stored).toMatchObject({ attempts: 5, usedAt: null })
      await expect(verify('000000')).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
      expect(await open(h.db).signedRequest.count({ where: { accountId: wallet.accountId } })).toBe(0)
    })

    it('sends a credential at most OTP_CHALLENGES_PER_HOUR codes in an hour (429 with when to retry)', async () => {
      const wallet = h.directory.add(tenantOf(h.sandbox))
      const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
      const challenge = () => callUnary(h.client, h.client.challengeAuthCredential, { id: method.id }, h.sandbox)
      // registering the credential sent the first code
      for (let sent = 1; sent < OTP_CHALLENGES_PER_HOUR; sent++) await challenge()
      const refused = (await challenge().then(() => undefined, (err: unknown) => err)) as { code: string; details: { retryAfterSeconds: number } }
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } })
      expect(refused.details.retryAfterSeconds).toBeGreaterThan(3_000)
      expect(refused.details.retryAfterSeconds).toBeLessThanOrEqual(3_600)
      expect(await open(h.db).otpChallenge.count({ where: { authMethodId: method.id } })).toBe(OTP_CHALLENGES_PER_HOUR)
      h.advanceClock(3_600_000)
      const { challengeJson } = await challenge()
      const { session } = await otpLogin(h, h.sandbox, method, (JSON.parse(challengeJson) as AuthMethodView).otpEncryptionTargetBundle)
      expect(session.accountId).toBe(wallet.accountId)
    })

    it('keeps an HMAC of the code, bound to its challenge, never a plain hash', async () => {
      const wallet = h.directory.add(tenantOf(h.sandbox))
      const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
      const stored = await open(h.db).otpChallenge.findFirstOrThrow({ where: { authMethodId: method.id } })
      expect(stored.codeDigest).not.toBe(createHash('sha256').update('000000').digest('hex'))
      expect(h.deps.otp.codes.matches(stored.codeDigest, stored.id, '000000')).toBe(true)
      expect(h.deps.otp.codes.matches(stored.codeDigest, 'Request:another', '000000')).toBe(false)
    })
  })

  it('refuses a retry signed by a key other than the TEK of the bundle', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
    const encryptedOtpBundle = await sealOtp(h, method.otpEncryptionTargetBundle!, '000000', newDeviceKey())
    const { signedRequestChallenge } = await callUnary(
      h.client,
      h.client.verifyAuthCredential,
      { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle },
      h.sandbox,
    )
    const retry = {
      id: method.id,
      type: 'EMAIL_OTP',
      encryptedOtpBundle,
      requestId: signedRequestChallenge!.requestId,
      walletSignature: await stamp(newDeviceKey(), signedRequestChallenge!.payloadToSign),
    }
    await expect(callUnary(h.client, h.client.verifyAuthCredential, retry, h.sandbox)).rejects.toMatchObject({ code: 'WALLET_SIGNATURE_INVALID' })
    expect(await open(h.db).authSession.count({ where: { accountId: wallet.accountId } })).toBe(0)
  })

  it('reissues the challenge: a fresh target bundle, and the old one no longer opens', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
    const { challengeJson } = await callUnary(h.client, h.client.challengeAuthCredential, { id: method.id }, h.sandbox)
    const reissued = JSON.parse(challengeJson) as AuthMethodView
    expect(reissued).toEqual({ ...method, otpEncryptionTargetBundle: expect.any(String) })
    expect(reissued.otpEncryptionTargetBundle).not.toBe(method.otpEncryptionTargetBundle)
    const stale = await sealOtp(h, method.otpEncryptionTargetBundle!, '000000', newDeviceKey())
    await expect(
      callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle: stale }, h.sandbox),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    const { session } = await otpLogin(h, h.sandbox, method, reissued.otpEncryptionTargetBundle)
    expect(session.accountId).toBe(wallet.accountId)
  })

  it('keeps one EMAIL_OTP and one SMS_OTP per wallet (400) and an email or phone on one wallet only (409)', async () => {
    const tenant = tenantOf(h.sandbox)
    const first = h.directory.add(tenant)
    await addEmailOtp(h, h.sandbox, first.accountId)
    // a further credential is signed (here with the sandbox legacy value)
    const addSigned = async (type: string) => {
      const request = { accountId: first.accountId, type }
      const proof = await proofOf(h, h.sandbox, first.accountId, walletAuthSignedOperation.addCredential(), JSON.stringify(request))
      return callUnary(h.client, h.client.createAuthCredential, { ...request, proof }, h.sandbox)
    }
    await addSigned('SMS_OTP')
    await expect(addSigned('EMAIL_OTP')).rejects.toMatchObject({ code: 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS' })
    await expect(addSigned('SMS_OTP')).rejects.toMatchObject({ code: 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS' })

    const second = h.directory.add(tenant)
    h.directory.setContact(second.customerId, { email: first.email, phoneNumber: first.phoneNumber })
    await expect(addEmailOtp(h, h.sandbox, second.accountId)).rejects.toMatchObject({ code: 'EMAIL_OTP_EMAIL_ALREADY_EXISTS' })
    await expect(
      callUnary(h.client, h.client.createAuthCredential, { accountId: second.accountId, type: 'SMS_OTP' }, h.sandbox),
    ).rejects.toMatchObject({ code: 'SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS' })
    expect(await open(h.db).authMethod.count({ where: { accountId: second.accountId } })).toBe(0)
  })

  it('answers 404 for an unknown account and 409 WALLET_NOT_PROVISIONED for an account that is not a wallet', async () => {
    const fiat = h.directory.add(tenantOf(h.sandbox), 'INTERNAL_FIAT')
    await expect(addEmailOtp(h, h.sandbox, fiat.accountId)).rejects.toMatchObject({ code: 'WALLET_NOT_PROVISIONED' })
    const other = h.directory.add(tenantOf(h.context('SANDBOX', 'Platform:other')))
    await expect(addEmailOtp(h, h.sandbox, other.accountId)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
  })

  it('production sends a random code through the provider; the sandbox code does not work there', async () => {
    const wallet = h.directory.add(tenantOf(h.production))
    const method = await addEmailOtp(h, h.production, wallet.accountId)
    const sent = otpSender.sent.at(-1)!
    expect(sent).toMatchObject({ channel: 'EMAIL', contact: { email: wallet.email } })
    expect(sent.code).toMatch(/^\d{6}$/)
    const tek = newDeviceKey()
    if (sent.code !== '000000') {
      const sandboxCode = await sealOtp(h, method.otpEncryptionTargetBundle!, '000000', tek)
      await expect(
        callUnary(h.client, h.client.verifyAuthCredential, { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle: sandboxCode }, h.production),
      ).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid OTP code' })
    }
    const encryptedOtpBundle = await sealOtp(h, method.otpEncryptionTargetBundle!, sent.code, tek)
    const { signedRequestChallenge } = await callUnary(
      h.client,
      h.client.verifyAuthCredential,
      { id: method.id, type: 'EMAIL_OTP', encryptedOtpBundle },
      h.production,
    )
    expect(signedRequestChallenge!.requestId).toMatch(/^Request:/)
  })
})

describe('a service without the optional providers', () => {
  let bare: Harness
  beforeAll(async () => {
    bare = await startHarness('otp_unconfigured')
  })
  afterAll(() => bare?.stop())

  it('refuses to create an OTP credential rather than pretend to send, and stores nothing', async () => {
    const wallet = bare.directory.add(tenantOf(bare.production))
    await expect(addEmailOtp(bare, bare.production, wallet.accountId)).rejects.toMatchObject({
      code: 'NOT_IMPLEMENTED',
      message: 'Production OTP delivery is not configured in this deployment',
    })
    expect(await open(bare.db).authMethod.count()).toBe(0)
  })

  it('answers NOT_IMPLEMENTED for delegated keys, since no card funding source can be resolved', async () => {
    const wallet = bare.directory.add(tenantOf(bare.sandbox))
    const input = { cardId: 'Card:x', internalAccountId: wallet.accountId, nickname: 'k' }
    const proof = await proofOf(bare, bare.sandbox, wallet.accountId, walletAuthSignedOperation.createDelegatedKey(), JSON.stringify(input))
    await expect(callUnary(bare.client, bare.client.createDelegatedKey, { ...input, proof }, bare.sandbox)).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })
})

describe('wallets a contact change must be signed by', () => {
  it("names the customer's wallet whose OTP credential signs in at an address the change replaces, and no other", async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    await addEmailOtp(h, h.sandbox, wallet.accountId)
    const signersOf = async (change: { customerId?: string; email?: string; phoneNumber?: string }) =>
      (await callUnary(h.client, h.client.getContactChangeSigner, { customerId: wallet.customerId, ...change }, h.sandbox)).walletAccountId
    expect(await signersOf({ email: 'moved@example.com' })).toBe(wallet.accountId)
    // the same address, a contact no credential uses, another customer, another tenant: nothing to sign
    expect(await signersOf({ email: wallet.email })).toBeUndefined()
    expect(await signersOf({ phoneNumber: '+14155550123' })).toBeUndefined()
    expect(await signersOf({ customerId: 'Customer:someone-else', email: 'moved@example.com' })).toBeUndefined()
    const elsewhere = { ...h.sandbox, platformId: 'Platform:elsewhere' }
    const { walletAccountId } = await callUnary(h.client, h.client.getContactChangeSigner, { customerId: wallet.customerId, email: 'moved@example.com' }, elsewhere)
    expect(walletAccountId).toBeUndefined()
    // each contact is authorised on its own: replacing both at once is refused, naming the field
    await expect(signersOf({ email: 'moved@example.com', phoneNumber: '+14155550123' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [expect.objectContaining({ field: 'phoneNumber' })] },
    })
  })
})
