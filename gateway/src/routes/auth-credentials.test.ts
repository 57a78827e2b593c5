import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { createGatewayApp } from '../gateway-app.js'
import { createWalletSignatureGuard } from '../wallet-signature/create-guard.js'
import { registerAuthCredentialRoutes } from './auth-credentials.js'
import { registerAuthSessionRoutes } from './auth-sessions.js'

const walletId = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const methodId = 'AuthMethod:019542f5-b3e7-7d02-8000-000000000003'
const sessionId = 'Session:019542f5-b3e7-7d02-8000-000000000004'
const at = new Date('2025-10-14T10:00:00.000Z')
const later = new Date('2025-10-14T10:15:00.000Z')
/** A credential and a session as the wallet-auth service answers them: the API's JSON, which the gateway sends on as it is. */
const authMethodJson = JSON.stringify({
  id: methodId,
  accountId: walletId,
  type: 'EMAIL_OTP',
  nickname: 'ada@example.com',
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
  otpEncryptionTargetBundle: '{"version":"v1.0.0"}',
})
const sessionJson = JSON.stringify({
  id: sessionId,
  accountId: walletId,
  type: 'EMAIL_OTP',
  nickname: 'ada@example.com',
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
  expiresAt: later.toISOString(),
})
const challenge = { payloadToSign: 'sign me', requestId: 'Request:1', expiresAt: later }
const signed = { 'Service-Wallet-Signature': 'c2lnbmVk', 'Request-Id': 'Request:1' }

const calls: RecordedCall[] = []
let handlers: Record<string, FakeHandler>

const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['MANAGE'] }),
  registerRoutes(api) {
    const walletAuth = fakeGrpcClient<WalletAuthServiceClient>(new Proxy({}, { get: (_, name) => handlers[String(name)] }), calls)
    const deps = { walletAuth, walletSignatures: createWalletSignatureGuard(walletAuth) }
    registerAuthCredentialRoutes(api, deps)
    registerAuthSessionRoutes(api, deps)
  },
})

beforeEach(() => {
  calls.length = 0
  handlers = {
    getWalletAuthState: async () => ({ hasCredentials: false }),
    createAuthCredential: async () => ({ authMethodJson }),
    beginSignedRequest: async () => ({ challenge }),
    completeSignedRequest: async () => ({}),
    getAuthSession: async () => ({ facts: { accountId: walletId, type: 'EMAIL_OTP' } }),
    revokeAuthSession: async () => ({}),
  }
})

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, {
    method,
    headers: { Authorization: basicAuth('client', 'secret'), 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const methods = () => calls.map((c) => c.method)

describe('POST /auth/credentials', () => {
  it("registers a wallet's first credential without a signature", async () => {
    const res = await call('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: walletId })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe(authMethodJson)
    expect(methods()).toEqual(['getWalletAuthState', 'createAuthCredential'])
    expect(calls[1]!.request).toEqual({ accountId: walletId, type: 'EMAIL_OTP', proof: undefined })
  })

  it('makes a further credential a signed operation whose 202 names the type', async () => {
    handlers.getWalletAuthState = async () => ({ hasCredentials: true })
    const first = await call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: walletId })
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ payloadToSign: 'sign me', requestId: 'Request:1', expiresAt: later.toISOString(), type: 'SMS_OTP' })
    expect(methods()).toEqual(['getWalletAuthState', 'beginSignedRequest'])
    const retry = await call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId: walletId }, signed)
    expect(retry.status).toBe(201)
    // the service completes the signed request itself, given the proof
    expect(methods().slice(2)).toEqual(['getWalletAuthState', 'createAuthCredential'])
    const proof = { requestId: 'Request:1', walletSignature: 'c2lnbmVk', body: JSON.stringify({ type: 'SMS_OTP', accountId: walletId }) }
    expect(calls[3]!.request).toEqual({ accountId: walletId, type: 'SMS_OTP', proof })
  })

  it('refuses a malformed body with 400 before calling the service', async () => {
    const res = await call('POST', '/auth/credentials', { type: 'PASSKEY', accountId: 'InternalAccount:nope' })
    expect(res.status).toBe(400)
    const fields = ((await res.json()) as { details: { errors: Array<{ field: string }> } }).details.errors.map((e) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['accountId', 'nickname', 'challenge', 'attestation']))
    expect(calls).toHaveLength(0)
  })
})

describe('POST /auth/credentials/{id}/verify', () => {
  const otp = { type: 'EMAIL_OTP', encryptedOtpBundle: '{"encappedPublic":"04","ciphertext":"00"}' }

  it('answers the OTP first leg 202 with the credential type and passes the signed retry headers to the service', async () => {
    handlers.verifyAuthCredential = async () => ({ signedRequestChallenge: challenge })
    const first = await call('POST', `/auth/credentials/${methodId}/verify`, otp)
    expect(first.status).toBe(202)
    expect(await first.json()).toMatchObject({ requestId: 'Request:1', type: 'EMAIL_OTP' })
    handlers.verifyAuthCredential = async () => ({ sessionJson })
    const retry = await call('POST', `/auth/credentials/${methodId}/verify`, otp, signed)
    expect(retry.status).toBe(200)
    expect(await retry.text()).toBe(sessionJson)
    expect(calls[1]!.request).toEqual({ id: methodId, ...otp, requestId: 'Request:1', walletSignature: 'c2lnbmVk' })
  })

  it('needs the Request-Id of the challenge for a passkey assertion', async () => {
    const assertion = { credentialId: 'cred', clientDataJson: 'e30', authenticatorData: 'AA', signature: 'sig' }
    const res = await call('POST', `/auth/credentials/${methodId}/verify`, { type: 'PASSKEY', assertion })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'REQUEST_ID_MISSING' })
    expect(calls).toHaveLength(0)
  })
})

describe('DELETE /auth/sessions/{id}', () => {
  it("binds the signature to the session's wallet and revokes on the signed retry", async () => {
    const first = await call('DELETE', `/auth/sessions/${sessionId}`)
    expect(first.status).toBe(202)
    expect(await first.json()).toMatchObject({ requestId: 'Request:1', type: 'EMAIL_OTP' })
    expect(calls[1]!.request).toMatchObject({ accountId: walletId, operation: `DELETE /auth/sessions/${sessionId}` })
    const retry = await call('DELETE', `/auth/sessions/${sessionId}`, undefined, signed)
    expect(retry.status).toBe(204)
    expect(methods().slice(2)).toEqual(['getAuthSession', 'revokeAuthSession'])
    expect(calls[3]!.request).toEqual({ id: sessionId, proof: { requestId: 'Request:1', walletSignature: 'c2lnbmVk', body: '' } })
  })
})
