import { createHash } from 'node:crypto'
import { ApiError } from '@pp/errors'
import type { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { createGatewayApp } from '../gateway-app.js'
import { registerWalletAccountRoutes } from '../routes/internal-accounts.js'
import { createWalletSignatureGuard } from './create-guard.js'

const walletId = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const facts = (type: string) => ({ id: walletId, customerId: 'Customer:1', type, status: 'ACTIVE', currency: 'USDB' })
const walletJson = (privateEnabled: boolean) => JSON.stringify({ id: walletId, type: 'EMBEDDED_WALLET', status: 'ACTIVE', privateEnabled })
const challenge = { payloadToSign: '{"requestId":"Request:1"}', requestId: 'Request:1', expiresAt: new Date('2025-10-14T10:05:00.000Z') }

const calls: RecordedCall[] = []
let walletAuth: Record<string, FakeHandler>
let ledger: Record<string, FakeHandler>

const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['MANAGE'] }),
  registerRoutes(api) {
    const walletAuthClient = fakeGrpcClient<WalletAuthServiceClient>(new Proxy({}, { get: (_, name) => walletAuth[String(name)] }), calls)
    const accounts = fakeGrpcClient<InternalAccountsServiceClient>(new Proxy({}, { get: (_, name) => ledger[String(name)] }), calls)
    registerWalletAccountRoutes(api, { accounts, walletAuth: walletAuthClient, walletSignatures: createWalletSignatureGuard(walletAuthClient) })
  },
})

beforeEach(() => {
  calls.length = 0
  walletAuth = {
    beginSignedRequest: async () => ({ challenge }),
    completeSignedRequest: async () => ({ signerSessionId: 'Session:1' }),
  }
  ledger = {
    getInternalAccountFacts: async () => ({ facts: facts('EMBEDDED_WALLET') }),
    updateInternalAccount: async (request: { privateEnabled: boolean }) => ({ accountJson: walletJson(request.privateEnabled) }),
  }
})

const body = '{"privateEnabled":true}'
const patch = (headers: Record<string, string> = {}, text = body) =>
  app.request(`/2025-10-13/internal-accounts/${walletId}`, {
    method: 'PATCH',
    headers: { Authorization: basicAuth('client', 'secret'), 'Content-Type': 'application/json', ...headers },
    body: text,
  })
const signed = { 'Service-Wallet-Signature': 'eyJwdWJsaWNLZXkiOiIwMiJ9', 'Request-Id': 'Request:1' }
const methods = () => calls.map((call) => call.method)
const digest = createHash('sha256').update(body).digest('hex')

describe('the signed-retry guard', () => {
  it('answers the first leg 202 with the challenge bound to the wallet, the operation and the body digest; nothing runs', async () => {
    const res = await patch()
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ payloadToSign: challenge.payloadToSign, requestId: 'Request:1', expiresAt: '2025-10-14T10:05:00.000Z' })
    expect(methods()).toEqual(['getInternalAccountFacts', 'beginSignedRequest'])
    expect(calls[1]).toMatchObject({
      request: { accountId: walletId, operation: `PATCH /internal-accounts/${walletId}`, bodyDigest: digest },
      ctx: { platformId: 'Platform:1', environment: 'SANDBOX' },
    })
  })

  it('runs the operation once the service accepts the signed retry, with the same binding', async () => {
    const res = await patch(signed)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(walletJson(true))
    expect(methods()).toEqual(['getInternalAccountFacts', 'completeSignedRequest', 'updateInternalAccount'])
    expect(calls[1]!.request).toEqual({
      accountId: walletId,
      operation: `PATCH /internal-accounts/${walletId}`,
      bodyDigest: digest,
      requestId: 'Request:1',
      walletSignature: signed['Service-Wallet-Signature'],
    })
    expect(calls[2]!.request).toEqual({ accountId: walletId, privateEnabled: true })
  })

  it.each([
    [{ 'Request-Id': 'Request:1' }, 'WALLET_SIGNATURE_MISSING'],
    [{ 'Service-Wallet-Signature': signed['Service-Wallet-Signature'] }, 'REQUEST_ID_MISSING'],
    [{ ...signed, 'Service-Wallet-Signature': 'not a stamp!' }, 'INVALID_SIGNATURE'],
    [{ ...signed, 'Service-Wallet-Signature': 'A'.repeat(4097) }, 'INVALID_SIGNATURE'],
  ])('decides from the headers alone: %j → 401 %s, without asking the service', async (headers, code) => {
    const res = await patch(headers)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code, reason: expect.any(String), details: {} })
    expect(methods()).toEqual(['getInternalAccountFacts'])
  })

  it.each(['WALLET_SIGNATURE_MALFORMED', 'WALLET_SIGNATURE_BODY_MISMATCH', 'WALLET_SIGNATURE_INVALID'] as const)(
    "answers the service's %s with its 401 body and does not run the operation",
    async (code) => {
      walletAuth.completeSignedRequest = () => Promise.reject(new ApiError(code, 'refused by the service', { requestId: 'Request:1' }))
      const res = await patch(signed)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        status: 401, code, message: 'refused by the service', reason: 'refused by the service', details: { requestId: 'Request:1' },
      })
      expect(methods()).not.toContain('updateInternalAccount')
    },
  )

  it('lets other failures of the service through unchanged', async () => {
    walletAuth.completeSignedRequest = () => Promise.reject(new ApiError('WALLET_NOT_PROVISIONED', 'not an embedded wallet'))
    const res = await patch(signed)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'WALLET_NOT_PROVISIONED' })
    expect(methods()).not.toContain('updateInternalAccount')
  })
})

describe('PATCH /internal-accounts/{id} and POST /internal-accounts/{id}/export', () => {
  it('refuses an account that is not an embedded wallet with 400 before any challenge', async () => {
    ledger.getInternalAccountFacts = async () => ({ facts: facts('INTERNAL_FIAT') })
    const res = await patch()
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'id' }] } })
    expect(methods()).toEqual(['getInternalAccountFacts'])
  })

  it('refuses a body without privateEnabled before calling anything', async () => {
    const res = await patch({}, '{}')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'privateEnabled' }] } })
    expect(calls).toHaveLength(0)
  })

  it('exports the wallet sealed to the client key on the signed retry', async () => {
    walletAuth.exportWallet = async () => ({ id: walletId, encryptedWalletCredentials: 'bundle' })
    const res = await exportCall(signed)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: walletId, encryptedWalletCredentials: 'bundle' })
    // wallet-auth completes the signed request of its own operation, given the proof
    expect(methods()).toEqual(['getInternalAccountFacts', 'exportWallet'])
    const proof = { requestId: 'Request:1', walletSignature: signed['Service-Wallet-Signature'], body: exportBody }
    expect(calls[1]!.request).toEqual({ accountId: walletId, clientPublicKey, proof })
  })
})

const clientPublicKey = `04${'ab'.repeat(64)}`
const exportBody = JSON.stringify({ clientPublicKey })
const exportCall = (headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13/internal-accounts/${walletId}/export`, {
    method: 'POST',
    headers: { Authorization: basicAuth('client', 'secret'), 'Content-Type': 'application/json', ...headers },
    body: exportBody,
  })

// the first leg and the header checks are the same code as check's, tested above
describe('the guard passing the proof on to a service that completes the signed request itself', () => {
  it.each(['WALLET_SIGNATURE_BODY_MISMATCH', 'WALLET_SIGNATURE_INVALID', 'UNAUTHORIZED'] as const)(
    "answers the service's refusal %s of the proof with its 401 body, as check does",
    async (code) => {
      walletAuth.exportWallet = () => Promise.reject(new ApiError(code, 'refused by the service'))
      const res = await exportCall(signed)
      expect(res.status).toBe(401)
      expect(res.headers.get('WWW-Authenticate')).toBeNull()
      expect(await res.json()).toEqual({ status: 401, code, message: 'refused by the service', reason: 'refused by the service', details: {} })
      expect(methods()).toEqual(['getInternalAccountFacts', 'exportWallet'])
    },
  )

  it('lets other failures of the operation through unchanged', async () => {
    walletAuth.exportWallet = () => Promise.reject(new ApiError('INVALID_INPUT', 'not a P-256 point'))
    const res = await exportCall(signed)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', reason: 'not a P-256 point' })
  })
})
