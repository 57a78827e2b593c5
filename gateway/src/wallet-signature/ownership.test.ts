import { ApiError, type ErrorCode } from '@pp/errors'
import type { CallContext } from '@pp/grpc'
import type { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import type { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import type { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import type { Principal } from '../context.js'
import { createGatewayApp } from '../gateway-app.js'
import { registerAuthCredentialRoutes } from '../routes/auth-credentials.js'
import { registerAuthDelegatedKeyRoutes } from '../routes/auth-delegated-keys.js'
import { registerAuthSessionRoutes } from '../routes/auth-sessions.js'
import { customerContactSignature } from '../routes/customer-contact-signature.js'
import { registerCustomerRoutes } from '../routes/customers.js'
import { registerWalletAccountRoutes } from '../routes/internal-accounts.js'
import { registerQuoteRoutes } from '../routes/quotes.js'
import { createWalletSignatureGuard } from './create-guard.js'

/**
 * Every route the wallet-signature guard protects, called with the id of a resource of another
 * platform or environment: the services below keep each tenant's resources apart as the real ones
 * do, so the gateway must ask the owning service, with the caller's tenant, before a challenge.
 */
const OWNER = { platformId: 'Platform:1', environment: 'SANDBOX' }
const walletId = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const customerId = 'Customer:019542f5-b3e7-7d02-8000-000000000001'
const methodId = 'AuthMethod:019542f5-b3e7-7d02-8000-000000000003'
const sessionId = 'Session:019542f5-b3e7-7d02-8000-000000000004'
const quoteId = 'Quote:019542f5-b3e7-7d02-8000-000000000006'
const clientPublicKey = `04${'ab'.repeat(64)}`

let caller: Principal
const calls: RecordedCall[] = []
/** The challenges the fake wallet-auth service issued (a pending row each). */
const issued: string[] = []

const isOwner = (ctx: CallContext) => ctx.platformId === OWNER.platformId && ctx.environment === OWNER.environment
/** The owner's answer, or the 404 every service gives for another tenant's id. */
const owned =
  (code: ErrorCode, answer: (request: any) => unknown): FakeHandler =>
  async (request, ctx) => {
    if (!isOwner(ctx)) throw new ApiError(code, 'not found')
    return answer(request)
  }

const handlers: Record<string, FakeHandler> = {
  getInternalAccountFacts: owned('ACCOUNT_NOT_FOUND', () => ({ facts: { id: walletId, customerId, type: 'EMBEDDED_WALLET', status: 'ACTIVE', currency: 'USDB' } })),
  getWalletAuthState: async (_, ctx) => ({ hasCredentials: isOwner(ctx) }),
  createAuthCredential: owned('ACCOUNT_NOT_FOUND', () => ({ authMethodJson: '{}' })),
  getAuthCredential: owned('AUTH_METHOD_NOT_FOUND', () => ({ facts: { accountId: walletId, type: 'EMAIL_OTP' } })),
  getAuthSession: owned('SESSION_NOT_FOUND', () => ({ facts: { accountId: walletId, type: 'EMAIL_OTP' } })),
  verifyAuthCredential: owned('AUTH_METHOD_NOT_FOUND', () => {
    issued.push('verify')
    return { signedRequestChallenge: { payloadToSign: 'sign me', requestId: 'Request:2', expiresAt: new Date() } }
  }),
  getContactChangeSigner: async (_, ctx) => (isOwner(ctx) ? { walletAccountId: walletId, operation: `PATCH /customers/${customerId} otp-credentials:abc` } : {}),
  beginSignedRequest: owned('ACCOUNT_NOT_FOUND', (request: { operation: string }) => {
    issued.push(request.operation)
    return { challenge: { payloadToSign: 'sign me', requestId: 'Request:1', expiresAt: new Date() } }
  }),
  updateCustomer: owned('CUSTOMER_NOT_FOUND', () => ({ customerJson: '{}' })),
  getQuoteFacts: owned('QUOTE_NOT_FOUND', () => ({ facts: { id: quoteId, sourceAccountType: 'EMBEDDED_WALLET', sourceAccountId: walletId } })),
}

const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => caller,
  registerRoutes(api) {
    const walletAuth = fakeGrpcClient<WalletAuthServiceClient>(handlers, calls)
    const walletSignatures = createWalletSignatureGuard(walletAuth)
    const accounts = fakeGrpcClient<InternalAccountsServiceClient>(handlers, calls)
    registerWalletAccountRoutes(api, { accounts, walletAuth, walletSignatures })
    registerAuthCredentialRoutes(api, { walletAuth, walletSignatures })
    registerAuthSessionRoutes(api, { walletAuth, walletSignatures })
    registerAuthDelegatedKeyRoutes(api, { walletAuth, walletSignatures })
    registerCustomerRoutes(api, fakeGrpcClient<CustomersServiceClient>(handlers, calls), customerContactSignature({ walletAuth, walletSignatures }))
    registerQuoteRoutes(api, { payments: fakeGrpcClient<PaymentsServiceClient>(handlers, calls), walletSignatures })
  },
})

beforeEach(() => {
  calls.length = 0
  issued.length = 0
})

const signedRoutes: [string, string, unknown, ErrorCode][] = [
  ['POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: walletId }, 'ACCOUNT_NOT_FOUND'],
  ['DELETE', `/auth/credentials/${methodId}`, undefined, 'AUTH_METHOD_NOT_FOUND'],
  ['POST', `/auth/credentials/${methodId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: '{"sealed":"code"}' }, 'AUTH_METHOD_NOT_FOUND'],
  ['DELETE', `/auth/sessions/${sessionId}`, undefined, 'SESSION_NOT_FOUND'],
  ['POST', `/auth/sessions/${sessionId}/refresh`, { clientPublicKey }, 'SESSION_NOT_FOUND'],
  ['POST', '/auth/delegated-keys', { cardId: 'Card:1', internalAccountId: walletId, nickname: 'Card payments' }, 'ACCOUNT_NOT_FOUND'],
  ['PATCH', `/internal-accounts/${walletId}`, { privateEnabled: true }, 'ACCOUNT_NOT_FOUND'],
  ['POST', `/internal-accounts/${walletId}/export`, { clientPublicKey }, 'ACCOUNT_NOT_FOUND'],
  ['POST', `/quotes/${quoteId}/execute`, {}, 'QUOTE_NOT_FOUND'],
  ['PATCH', `/customers/${customerId}`, { customerType: 'INDIVIDUAL', email: 'new@example.com' }, 'CUSTOMER_NOT_FOUND'],
]

const call = (method: string, path: string, body: unknown) =>
  app.request(`/2025-10-13${path}`, {
    method,
    headers: { Authorization: basicAuth('client', 'secret'), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe('a signed route named with another tenant’s resource', () => {
  it.each(signedRoutes)('%s %s issues its challenge to the owner', async (method, path, body) => {
    caller = { ...OWNER, tokenId: 'Token:1', permissions: ['MANAGE', 'TRANSACT'] } as Principal
    expect((await call(method, path, body)).status).toBe(202)
    expect(issued).toHaveLength(1)
  })

  it.each(signedRoutes.flatMap(([method, path, body, code]) => [
    ['another platform', method, path, code, body, { platformId: 'Platform:2', environment: 'SANDBOX' }],
    ['another environment', method, path, code, body, { platformId: 'Platform:1', environment: 'PRODUCTION' }],
  ] as const))('%s: %s %s answers 404 %s, and no challenge is issued', async (_who, method, path, code, body, tenant) => {
    caller = { ...tenant, tokenId: 'Token:2', permissions: ['MANAGE', 'TRANSACT'] } as Principal
    const res = await call(method, path, body)
    expect({ status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ status: 404, code })
    expect(issued).toEqual([])
    expect(calls.every((c) => c.ctx.platformId === tenant.platformId && c.ctx.environment === tenant.environment)).toBe(true)
  })
})
