import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { createGatewayApp } from '../gateway-app.js'
import { createWalletSignatureGuard } from '../wallet-signature/create-guard.js'
import { registerAuthDelegatedKeyRoutes } from './auth-delegated-keys.js'

const walletId = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const at = new Date('2025-10-14T10:00:00.000Z')
/** A key as the wallet-auth service answers it: the API's JSON, which the gateway sends on as it is. */
const key = {
  id: 'DelegatedKey:1',
  cardId: 'Card:1',
  fundingSourceId: 'CardFundingSource:1',
  accountId: walletId,
  publicKey: `02${'ab'.repeat(32)}`,
  nickname: 'Card payments',
  status: 'ACTIVE',
  createdAt: at.toISOString(),
  updatedAt: at.toISOString(),
}
const keyJson = JSON.stringify(key)
const pageJson = JSON.stringify({ data: [key] })
const calls: RecordedCall[] = []
const handlers: Record<string, FakeHandler> = {
  beginSignedRequest: async () => ({ challenge: { payloadToSign: 'sign me', requestId: 'Request:1', expiresAt: at } }),
  completeSignedRequest: async () => ({}),
  createDelegatedKey: async () => ({ delegatedKeyJson: keyJson }),
  listDelegatedKeys: async () => ({ pageJson }),
  revokeDelegatedKey: async () => ({ delegatedKeyJson: JSON.stringify({ ...key, status: 'REVOKED' }) }),
}

const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['MANAGE'] }),
  registerRoutes(api) {
    const walletAuth = fakeGrpcClient<WalletAuthServiceClient>(handlers, calls)
    registerAuthDelegatedKeyRoutes(api, { walletAuth, walletSignatures: createWalletSignatureGuard(walletAuth) })
  },
})

beforeEach(() => {
  calls.length = 0
})

const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, {
    method,
    headers: { Authorization: basicAuth('client', 'secret'), 'Content-Type': 'application/json', ...headers },
    body: body && JSON.stringify(body),
  })

describe('delegated keys', () => {
  it('creates a key only on the retry signed by the wallet it signs for', async () => {
    const body = { cardId: 'Card:1', internalAccountId: walletId, nickname: 'Card payments' }
    expect((await call('POST', '/auth/delegated-keys', body)).status).toBe(202)
    expect(calls.map((c) => c.method)).toEqual(['beginSignedRequest'])
    const created = await call('POST', '/auth/delegated-keys', body, { 'Service-Wallet-Signature': 'c2ln', 'Request-Id': 'Request:1' })
    expect(created.status).toBe(201)
    expect(created.headers.get('content-type')).toBe('application/json')
    expect(await created.text()).toBe(keyJson)
    const proof = { requestId: 'Request:1', walletSignature: 'c2ln', body: JSON.stringify(body) }
    expect(calls.map((c) => c.method)).toEqual(['beginSignedRequest', 'createDelegatedKey'])
    expect(calls.at(-1)).toEqual(expect.objectContaining({ method: 'createDelegatedKey', request: { ...body, proof } }))
  })

  it('lists by wallet or funding source, and needs one of them', async () => {
    const none = await call('GET', '/auth/delegated-keys')
    expect(none.status).toBe(400)
    expect(await none.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'accountId' }] } })
    const listed = await call('GET', `/auth/delegated-keys?accountId=${walletId}`)
    expect(await listed.text()).toBe(pageJson)
  })

  it('revokes with 204', async () => {
    expect((await call('DELETE', '/auth/delegated-keys/DelegatedKey:1')).status).toBe(204)
    expect(calls.at(-1)).toMatchObject({ method: 'revokeDelegatedKey', request: { id: 'DelegatedKey:1' } })
  })
})
