import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { decryptCredentialBundle, decryptExportBundle, encryptOtpCodeToBundle, getPublicKey } from '@turnkey/crypto'
import { freePort, waitUntil } from '@pp/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, startMesh, type Credentials, type Mesh } from './mesh.js'
import { deviceKeyOf, newDeviceKey, sha256Hex, SoftwareAuthenticator, stampWith, TestIssuer, type DeviceKey } from './wallet-device.js'

/**
 * The embedded-wallet flows end to end, the test playing the end user's device with real keys:
 * an OTP login (HPKE-sealed code, TEK-signed retry), a passkey added as a signed operation and
 * used to log in, an OAuth credential with the test's own issuer, and the signed operations
 * (privacy, export, session revocation), with every signature failure code provoked once.
 */
const RP_ID = 'localhost'
const ORIGIN = 'http://localhost:3000'
// the key that signs the service's bundles; clients are told to expect its public half
const bundleSigningKey = randomBytes(32).toString('hex')
const bundleSigner = Buffer.from(getPublicKey(bundleSigningKey, false)).toString('hex')
const issuer = new TestIssuer()

let mesh: Mesh
let jwksServer: Server
let platform: Credentials & { production: Credentials }
let api: ReturnType<typeof apiClient>
let termsVersion: string

beforeAll(async () => {
  const jwksPort = await freePort()
  jwksServer = createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(issuer.jwks())))
  await new Promise<void>((resolve) => jwksServer.listen(jwksPort, '127.0.0.1', resolve))
  mesh = await startMesh({
    env: {
      BUNDLE_SIGNING_KEY: bundleSigningKey,
      OIDC_ISSUERS: JSON.stringify([{ issuer: issuer.issuer, jwksUri: `http://127.0.0.1:${jwksPort}/jwks` }]),
      WEBAUTHN_RP_ID: RP_ID,
      WEBAUTHN_ORIGINS: ORIGIN,
    },
  })
  platform = await mesh.createPlatform(`e2e-wallet-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  api = apiClient(mesh, platform)
  termsVersion = (await api('GET', '/customers/end-user-terms')).body.version
}, 180_000)

afterAll(async () => {
  await mesh?.stop()
  await new Promise((resolve) => jwksServer?.close(resolve))
})

/** A new approved customer with the End User Terms on file, and its embedded wallet once provisioned. */
async function customerWallet(email: string): Promise<{ customerId: string; walletId: string }> {
  const consent = { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion, acceptanceMethod: 'CHECKBOX' }
  const body = { customerType: 'INDIVIDUAL', platformCustomerId: `pc-${randomBytes(6).toString('hex')}`, fullName: 'Ada Lovelace', email, agreementConsents: [consent] }
  const created = await api('POST', '/customers', body)
  expect(created.status).toBe(201)
  const walletOf = async () =>
    ((await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.body.id)}&type=EMBEDDED_WALLET`)).body.data as any[])[0]
  await waitUntil(async () => (await walletOf())?.status === 'ACTIVE', 'the embedded wallet', 30_000)
  return { customerId: created.body.id, walletId: (await walletOf()).id }
}

const signedHeaders = async (key: DeviceKey, challenge: { payloadToSign: string; requestId: string }) => ({
  'Service-Wallet-Signature': await stampWith(key, challenge.payloadToSign),
  'Request-Id': challenge.requestId,
})

/** A signed operation end to end: the 202 first leg, then the retry stamped by `key`. */
async function signed(key: DeviceKey, method: string, path: string, body?: unknown) {
  const first = await api(method, path, body)
  expect(first.status, JSON.stringify(first.body)).toBe(202)
  expect(first.body).toMatchObject({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String) })
  return api(method, path, body, await signedHeaders(key, first.body))
}

/** An OTP login: challenge, the HPKE-sealed code with the TEK public key, the 202, the TEK-signed retry. */
async function otpLogin(credentialId: string, tek: DeviceKey, code = '000000') {
  const challenge = await api('POST', `/auth/credentials/${credentialId}/challenge`, {})
  expect(challenge.status).toBe(200)
  const encryptedOtpBundle = await encryptOtpCodeToBundle(code, challenge.body.otpEncryptionTargetBundle, tek.publicKeyUncompressed, bundleSigner)
  const verify = { type: 'EMAIL_OTP', encryptedOtpBundle }
  const first = await api('POST', `/auth/credentials/${credentialId}/verify`, verify)
  if (first.status !== 202) return first
  expect(first.body).toMatchObject({ type: 'EMAIL_OTP', requestId: expect.stringMatching(/^Request:/) })
  return api('POST', `/auth/credentials/${credentialId}/verify`, verify, await signedHeaders(tek, first.body))
}

describe('an embedded wallet held on a device', () => {
  let customerId: string
  let walletId: string
  let emailOtpId: string
  let otpSession: DeviceKey
  let passkeySession: DeviceKey
  const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN)

  it('registers EMAIL_OTP as the first credential without a signature, and logs in with the sealed code and the TEK', async () => {
    ;({ customerId, walletId } = await customerWallet(`ada-${randomBytes(3).toString('hex')}@example.com`))
    const created = await api('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: walletId })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^AuthMethod:/), accountId: walletId, type: 'EMAIL_OTP' })
    emailOtpId = created.body.id

    const wrong = await otpLogin(emailOtpId, newDeviceKey(), '123456')
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Invalid OTP code' })

    const tek = newDeviceKey()
    const login = await otpLogin(emailOtpId, tek)
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    expect(login.body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: walletId, type: 'EMAIL_OTP', expiresAt: expect.any(String) })
    otpSession = tek
    const sessions = await api('GET', `/auth/sessions?accountId=${walletId}`)
    expect(sessions.body.data.map((s: { id: string }) => s.id)).toContain(login.body.id)
  })

  it('refuses a duplicate EMAIL_OTP (signed, 400) and the same email on another wallet (409)', async () => {
    const duplicate = await signed(otpSession, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: walletId })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.code).toBe('EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS')
    const email = (await api('GET', `/auth/credentials?accountId=${walletId}`)).body.data[0].nickname
    const twin = (await customerWallet(email)).walletId
    const sameEmail = await api('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: twin })
    expect(sameEmail.status).toBe(409)
    expect(sameEmail.body.code).toBe('EMAIL_OTP_EMAIL_ALREADY_EXISTS')
  })

  it('answers every signature failure with its own code and runs the operation once', async () => {
    const path = `/internal-accounts/${walletId}`
    const body = { privateEnabled: true }
    const challenge = async () => (await api('PATCH', path, body)).body as { payloadToSign: string; requestId: string }
    const expectRefused = async (headers: Record<string, string>, code: string, retryBody: unknown = body) => {
      const res = await api('PATCH', path, retryBody, headers)
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 401, code })
    }
    const stamped = await signedHeaders(otpSession, await challenge())
    await expectRefused({ 'Request-Id': stamped['Request-Id'] }, 'WALLET_SIGNATURE_MISSING')
    await expectRefused({ 'Service-Wallet-Signature': stamped['Service-Wallet-Signature'] }, 'REQUEST_ID_MISSING')
    await expectRefused({ ...stamped, 'Service-Wallet-Signature': 'this is no stamp' }, 'INVALID_SIGNATURE')
    await expectRefused({ ...(await signedHeaders(otpSession, await challenge())), 'Service-Wallet-Signature': Buffer.from('{"scheme":"none"}').toString('base64url') }, 'WALLET_SIGNATURE_MALFORMED')
    await expectRefused(await signedHeaders(otpSession, await challenge()), 'WALLET_SIGNATURE_BODY_MISMATCH', { privateEnabled: false })
    await expectRefused(await signedHeaders(newDeviceKey(), await challenge()), 'WALLET_SIGNATURE_INVALID')

    const done = await api('PATCH', path, body, stamped)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({ id: walletId, type: 'EMBEDDED_WALLET', privateEnabled: true })
    // a request id is single-use: the same signed retry again is refused
    const replay = await api('PATCH', path, body, stamped)
    expect({ status: replay.status, code: replay.body.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' })
  })

  it('adds a passkey as a signed operation, once per customer, and logs in with a real assertion', async () => {
    const registration = { type: 'PASSKEY', accountId: walletId, nickname: 'Laptop', challenge: randomBytes(32).toString('base64url') }
    const added = await signed(otpSession, 'POST', '/auth/credentials', { ...registration, attestation: authenticator.register(registration.challenge) })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body).toMatchObject({ type: 'PASSKEY', nickname: 'Laptop', credentialId: authenticator.credentialId })

    const another = new SoftwareAuthenticator(RP_ID, ORIGIN)
    const second = await signed(otpSession, 'POST', '/auth/credentials', { ...registration, attestation: another.register(registration.challenge) })
    expect({ status: second.status, code: second.body.code }).toEqual({ status: 409, code: 'PASSKEY_ALREADY_ENROLLED' })

    const clientKey = newDeviceKey()
    const challenge = await api('POST', `/auth/credentials/${added.body.id}/challenge`, { clientPublicKey: clientKey.publicKeyUncompressed })
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200)
    expect(challenge.body).toMatchObject({ credentialId: authenticator.credentialId, challenge: expect.stringMatching(/^[0-9a-f]{64}$/) })
    const verify = { type: 'PASSKEY', assertion: authenticator.assert(challenge.body.challenge) }
    const login = await api('POST', `/auth/credentials/${added.body.id}/verify`, verify, { 'Request-Id': challenge.body.requestId })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    expect(login.body).toMatchObject({ type: 'PASSKEY', encryptedSessionSigningKey: expect.any(String) })
    passkeySession = deviceKeyOf(decryptCredentialBundle(login.body.encryptedSessionSigningKey, clientKey.privateKey))

    // a refresh, signed by the session, replaces it with one whose key is sealed to a fresh client key
    const refreshKey = newDeviceKey()
    const refreshed = await signed(passkeySession, 'POST', `/auth/sessions/${login.body.id}/refresh`, { clientPublicKey: refreshKey.publicKeyUncompressed })
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(201)
    expect(refreshed.body).toMatchObject({ id: expect.stringMatching(/^Session:/), type: 'PASSKEY', encryptedSessionSigningKey: expect.any(String) })
    passkeySession = deviceKeyOf(decryptCredentialBundle(refreshed.body.encryptedSessionSigningKey, refreshKey.privateKey))
  })

  it('exports the wallet sealed to a fresh key, signed by the passkey session', async () => {
    const exportKey = newDeviceKey()
    const exported = await signed(passkeySession, 'POST', `/internal-accounts/${walletId}/export`, { clientPublicKey: exportKey.publicKeyUncompressed })
    expect(exported.status, JSON.stringify(exported.body)).toBe(200)
    expect(exported.body.id).toBe(walletId)
    const open = (bundle: string, key: DeviceKey) =>
      decryptExportBundle({ exportBundle: bundle, embeddedKey: key.privateKey, organizationId: walletId, returnMnemonic: true, dangerouslyOverrideSignerPublicKey: bundleSigner })
    const secret = await open(exported.body.encryptedWalletCredentials, exportKey)
    expect(secret.length).toBeGreaterThan(0)
    const again = newDeviceKey()
    const second = await signed(otpSession, 'POST', `/internal-accounts/${walletId}/export`, { clientPublicKey: again.publicKeyUncompressed })
    expect(await open(second.body.encryptedWalletCredentials, again)).toBe(secret)
  })

  it('registers OAUTH with an ID token of its own issuer and verifies it with a nonce bound to the client key', async () => {
    const malformed = await api('POST', '/auth/credentials', { type: 'OAUTH', accountId: walletId, oidcToken: 'sandbox-valid-oidc-token' })
    expect({ status: malformed.status, code: malformed.body.code }).toEqual({ status: 400, code: 'INVALID_INPUT' })
    const sub = `user-${randomBytes(4).toString('hex')}`
    const added = await signed(otpSession, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: walletId, oidcToken: issuer.idToken(sub) })
    expect(added.status, JSON.stringify(added.body)).toBe(201)

    const clientKey = newDeviceKey()
    const verify = (claims: Record<string, unknown>) =>
      api('POST', `/auth/credentials/${added.body.id}/verify`, { type: 'OAUTH', oidcToken: issuer.idToken(sub, claims), clientPublicKey: clientKey.publicKeyUncompressed })
    expect((await verify({ nonce: sha256Hex('04' + '00'.repeat(64)) })).status).toBe(401)
    expect((await verify({ nonce: sha256Hex(clientKey.publicKeyUncompressed), iat: Math.floor(Date.now() / 1000) - 120 })).status).toBe(401)
    const login = await verify({ nonce: sha256Hex(clientKey.publicKeyUncompressed) })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const sessionKey = deviceKeyOf(decryptCredentialBundle(login.body.encryptedSessionSigningKey, clientKey.privateKey))

    // the OAuth session revokes itself; it is gone from the list, and can no longer sign
    const revoked = await signed(sessionKey, 'DELETE', `/auth/sessions/${login.body.id}`)
    expect(revoked.status).toBe(204)
    const sessions = (await api('GET', `/auth/sessions?accountId=${walletId}`)).body.data as Array<{ id: string }>
    expect(sessions.map((s) => s.id)).not.toContain(login.body.id)
    const afterRevocation = await api('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: false })
    const stale = await api('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: false }, await signedHeaders(sessionKey, afterRevocation.body))
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 401, code: 'WALLET_SIGNATURE_INVALID' })
  })

  it("changes the customer's email that its EMAIL_OTP signs in with only when the wallet signs", async () => {
    const update = { customerType: 'INDIVIDUAL', email: `ada-new-${randomBytes(3).toString('hex')}@example.com` }
    const both = await api('PATCH', `/customers/${customerId}`, { ...update, phoneNumber: '+14155550100' })
    expect({ status: both.status, code: both.body.code }).toEqual({ status: 400, code: 'INVALID_INPUT' })
    const changed = await signed(otpSession, 'PATCH', `/customers/${customerId}`, update)
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.email).toBe(update.email)
    // the EMAIL_OTP credential follows the change: it signs in, and its codes go, to the new address only
    const credentials = (await api('GET', `/auth/credentials?accountId=${walletId}`)).body.data as Array<{ type: string; nickname: string }>
    expect(credentials.filter((credential) => credential.type === 'EMAIL_OTP').map((credential) => credential.nickname)).toEqual([update.email])

    // a challenge is for the credentials it named: one added since makes the signed retry 409, and nothing changes
    const next = { customerType: 'INDIVIDUAL', email: `ada-next-${randomBytes(3).toString('hex')}@example.com` }
    const challenge = await api('PATCH', `/customers/${customerId}`, next)
    expect(challenge.status).toBe(202)
    expect((await signed(passkeySession, 'DELETE', `/auth/credentials/${emailOtpId}`)).status).toBe(204)
    const readded = await signed(passkeySession, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: walletId })
    expect(readded.status, JSON.stringify(readded.body)).toBe(201)
    emailOtpId = readded.body.id
    const stale = await api('PATCH', `/customers/${customerId}`, next, await signedHeaders(passkeySession, challenge.body))
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 409, code: 'EMAIL_OTP_CREDENTIAL_SET_CHANGED' })
    expect((await api('GET', `/customers/${customerId}`)).body.email).toBe(update.email)
    // a fresh challenge names the credentials as they are now, and passes
    const renewed = await signed(passkeySession, 'PATCH', `/customers/${customerId}`, next)
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200)
    const nicknames = ((await api('GET', `/auth/credentials?accountId=${walletId}`)).body.data as Array<{ type: string; nickname: string }>).filter((m) => m.type === 'EMAIL_OTP').map((m) => m.nickname)
    expect(nicknames).toEqual([next.email])
    // a change that touches no credential address needs no signature
    expect((await api('PATCH', `/customers/${customerId}`, { customerType: 'INDIVIDUAL', fullName: 'Ada King' })).status).toBe(200)
  })

  it('refuses the sandbox shortcuts to production credentials: a sandbox wallet does not exist for them', async () => {
    const production = apiClient(mesh, platform.production)
    const first = await api('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: true })
    const legacy = { 'Service-Wallet-Signature': 'sandbox-valid-signature', 'Request-Id': first.body.requestId }
    const refused = await production('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: true }, legacy)
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 404, code: 'ACCOUNT_NOT_FOUND' })
    const passkeyId = ((await api('GET', `/auth/credentials?accountId=${walletId}`)).body.data as any[]).find((m) => m.type === 'PASSKEY').id
    const assertion = { ...authenticator.assert('00'.repeat(32)), signature: 'sandbox-valid-passkey-signature' }
    const verify = await production('POST', `/auth/credentials/${passkeyId}/verify`, { type: 'PASSKEY', assertion }, { 'Request-Id': first.body.requestId })
    expect(verify.status).toBe(404)
    expect((await production('GET', `/auth/sessions?accountId=${walletId}`)).body.data).toEqual([])
  })

  it("answers another platform's wallet, credential, session and customer ids 404 on every signed route, and stores no pending request", async () => {
    const other = apiClient(mesh, await mesh.createPlatform(`e2e-wallet-other-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true }))
    const walletAuthDb = new pg.Client({ connectionString: mesh.databaseUrl('wallet-auth') })
    await walletAuthDb.connect()
    const pendingOfWallet = async () =>
      (await walletAuthDb.query<{ count: string }>('SELECT count(*) FROM signed_requests WHERE account_id = $1', [walletId])).rows[0]!.count
    try {
      const before = await pendingOfWallet()
      const passkeyId = ((await api('GET', `/auth/credentials?accountId=${walletId}`)).body.data as any[]).find((m) => m.type === 'PASSKEY').id
      const sessionId = ((await api('GET', `/auth/sessions?accountId=${walletId}`)).body.data as any[])[0].id
      const clientPublicKey = newDeviceKey().publicKeyUncompressed
      const foreign: [string, string, unknown, string][] = [
        ['POST', '/auth/delegated-keys', { cardId: 'Card:1', internalAccountId: walletId, nickname: 'Card payments' }, 'ACCOUNT_NOT_FOUND'],
        ['POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: walletId }, 'ACCOUNT_NOT_FOUND'],
        ['PATCH', `/internal-accounts/${walletId}`, { privateEnabled: true }, 'ACCOUNT_NOT_FOUND'],
        ['POST', `/internal-accounts/${walletId}/export`, { clientPublicKey }, 'ACCOUNT_NOT_FOUND'],
        ['DELETE', `/auth/credentials/${passkeyId}`, undefined, 'AUTH_METHOD_NOT_FOUND'],
        ['POST', `/auth/sessions/${sessionId}/refresh`, { clientPublicKey }, 'SESSION_NOT_FOUND'],
        ['DELETE', `/auth/sessions/${sessionId}`, undefined, 'SESSION_NOT_FOUND'],
        ['PATCH', `/customers/${customerId}`, { customerType: 'INDIVIDUAL', email: `eve-${randomBytes(3).toString('hex')}@example.com` }, 'CUSTOMER_NOT_FOUND'],
      ]
      for (const [method, path, body, code] of foreign) {
        const res = await other(method, path, body)
        expect({ route: `${method} ${path}`, status: res.status, code: res.body.code }).toEqual({ route: `${method} ${path}`, status: 404, code })
      }
      expect(await pendingOfWallet()).toBe(before)
    } finally {
      await walletAuthDb.end()
    }
  })

  it('accepts the sandbox legacy wallet signature in sandbox', async () => {
    const first = await api('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: false })
    const legacy = await api('PATCH', `/internal-accounts/${walletId}`, { privateEnabled: false }, {
      'Service-Wallet-Signature': 'sandbox-valid-signature',
      'Request-Id': first.body.requestId,
    })
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200)
    expect(legacy.body.privateEnabled).toBe(false)

    const passkeyId = ((await api('GET', `/auth/credentials?accountId=${walletId}`)).body.data as any[]).find((m) => m.type === 'PASSKEY').id
    const challenge = await api('POST', `/auth/credentials/${passkeyId}/challenge`, { clientPublicKey: newDeviceKey().publicKeyUncompressed })
    const assertion = { ...authenticator.assert(challenge.body.challenge), signature: 'sandbox-valid-passkey-signature' }
    const login = await api('POST', `/auth/credentials/${passkeyId}/verify`, { type: 'PASSKEY', assertion }, { 'Request-Id': challenge.body.requestId })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
  })

  it('executes a quote from the embedded wallet after a full OTP login; the money moves once', async () => {
    const tek = newDeviceKey()
    expect((await otpLogin(emailOtpId, tek)).status).toBe(200)
    const usdb = (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USDB`)).body.data as any[]
    const destination = usdb.find((a) => a.type === 'INTERNAL_CRYPTO')
    expect((await api('POST', `/sandbox/internal-accounts/${walletId}/fund`, { amount: 5_000 })).status).toBe(200)
    const quoteRequest = {
      source: { sourceType: 'ACCOUNT', accountId: walletId },
      destination: { destinationType: 'ACCOUNT', accountId: destination.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    }
    // executing at creation would skip the wallet's signature, so it is refused
    expect((await api('POST', '/quotes', { ...quoteRequest, immediatelyExecute: true })).status).toBe(400)
    const quote = await api('POST', '/quotes', quoteRequest)
    expect(quote.status, JSON.stringify(quote.body)).toBe(201)

    const unsigned = await api('POST', `/quotes/${quote.body.id}/execute`)
    expect(unsigned.status).toBe(202)
    const headers = await signedHeaders(tek, unsigned.body)
    const executed = await api('POST', `/quotes/${quote.body.id}/execute`, undefined, headers)
    expect(executed.status, JSON.stringify(executed.body)).toBe(200)
    expect((await api('POST', `/quotes/${quote.body.id}/execute`, undefined, headers)).status).toBe(401)

    const balanceOf = async (id: string) =>
      ((await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USDB`)).body.data as any[]).find((a) => a.id === id)
        .totalBalance.amount
    await waitUntil(async () => (await balanceOf(destination.id)) === destination.totalBalance.amount + quote.body.totalReceivingAmount, 'the payment to land', 30_000)
    expect(await balanceOf(walletId)).toBe(5_000 - quote.body.totalSendingAmount)
  })

  it("executes in one call with a stamp over the quote's own payloadToSign, as the reference's clients do", async () => {
    const tek = newDeviceKey()
    expect((await otpLogin(emailOtpId, tek)).status).toBe(200)
    const usdb = (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USDB`)).body.data as any[]
    const destination = usdb.find((a) => a.type === 'INTERNAL_CRYPTO')
    const before = (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USDB`)).body.data as any[]
    const walletBefore = before.find((a) => a.id === walletId).totalBalance.amount
    const quote = await api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: walletId },
      destination: { destinationType: 'ACCOUNT', accountId: destination.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 500,
    })
    expect(quote.status, JSON.stringify(quote.body)).toBe(201)
    const [instruction] = quote.body.paymentInstructions
    expect(instruction.accountOrWalletInfo).toEqual({ accountType: 'EMBEDDED_WALLET', payloadToSign: expect.any(String) })

    const forged = await api('POST', `/quotes/${quote.body.id}/execute`, undefined, { 'Service-Wallet-Signature': await stampWith(newDeviceKey(), instruction.accountOrWalletInfo.payloadToSign) })
    expect([forged.status, forged.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
    const stamp = await stampWith(tek, instruction.accountOrWalletInfo.payloadToSign)
    const executed = await api('POST', `/quotes/${quote.body.id}/execute`, undefined, { 'Service-Wallet-Signature': stamp })
    expect(executed.status, JSON.stringify(executed.body)).toBe(200)
    expect(executed.body.id).toBe(quote.body.id)
    expect((await api('POST', `/quotes/${quote.body.id}/execute`, undefined, { 'Service-Wallet-Signature': stamp })).status).toBe(401)
    const walletNow = async () =>
      ((await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USDB`)).body.data as any[]).find((a) => a.id === walletId)
        .totalBalance.amount
    await waitUntil(async () => (await walletNow()) === walletBefore - quote.body.totalSendingAmount, 'the one-call payment to leave the wallet', 30_000)
  })
})
