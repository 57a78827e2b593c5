import { WEBHOOK_KINDS } from '@pp/events'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { testLogger } from '../test/support/framework-app.js'
import { buildApp, type GatewayDeps } from './app.js'
import { AuthCache } from './auth/auth-cache.js'
import type { GrpcClients } from './grpc/clients.js'

// Registering routes makes no call, so clients that are never dialled are enough here.
const neverDialled = { platform: {}, customers: {}, internalAccounts: {}, externalAccounts: {}, webhooks: {}, payments: {}, paymentsCatalog: {}, walletAuth: {} } as GrpcClients
const app = buildApp({
  ...neverDialled,
  verification: {} as GatewayDeps['verification'],
  publicBaseUrl: 'http://localhost:3000',
  authCache: new AuthCache(async () => Promise.reject(new Error('not called')), { ttlMs: 0, maxEntries: 1 }),
  walletSignatures: { check: () => Promise.reject(new Error('not called')), withProof: () => Promise.reject(new Error('not called')) },
  logger: testLogger(),
})

describe('buildApp', () => {
  it('documents every registered route in a valid OpenAPI 3.1 document', async () => {
    const res = await app.request('/2025-10-13/openapi.json')
    expect(res.status).toBe(200)
    const document = (await res.json()) as { paths: Record<string, unknown> }
    const validation = await new Validator().validate(document)
    expect(validation.errors).toBeUndefined()
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/config', '/tokens', '/tokens/{tokenId}', '/customers', '/customers/{customerId}']))
  })

  it("names every operation once, as the reference does, so a generated client's methods keep their names", async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ operation: `${method} ${path}`, operationId: operation.operationId })),
    )
    expect(operations.filter((o) => o.operationId === undefined)).toEqual([])
    const ids = operations.map((o) => o.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    // a few the reference's clients call, as a guard against a renamed route
    expect(operations).toEqual(
      expect.arrayContaining([
        { operation: 'post /customers', operationId: 'createCustomer' },
        { operation: 'post /quotes', operationId: 'createQuote' },
        { operation: 'get /transactions/{transactionId}', operationId: 'getTransactionById' },
        { operation: 'post /customers/external-accounts', operationId: 'createCustomerExternalAccount' },
      ]),
    )
  })

  it('describes every webhook the service sends, with its types, in the webhooks section', async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as {
      webhooks: Record<string, { post: { operationId: string; requestBody: unknown } }>
      components: { schemas: Record<string, { properties: { type: { enum: string[] } } }> }
    }
    const served = WEBHOOK_KINDS
    expect(Object.keys(document.webhooks).sort()).toEqual(served.map((kind) => kind.name).sort())
    for (const kind of served) expect(document.webhooks[kind.name]!.post.operationId).toBe(kind.operationId)
    expect(document.components.schemas.OutgoingPaymentWebhook!.properties.type.enum).toContain('OUTGOING_PAYMENT.COMPLETED')
  })

  // money movement needs TRANSACT; every other write manages the platform's data
  const moneyMovement = new Set([
    'post /sandbox/internal-accounts/{accountId}/fund',
    // a quote can execute at once (immediatelyExecute), so creating one needs TRANSACT too
    'post /quotes',
    'post /quotes/{quoteId}/execute',
    // the strong authentication of a held quote releases it
    'post /quotes/{quoteId}/authorize',
    'post /transfer-in',
    'post /transfer-out',
    'post /sandbox/send',
    'post /sandbox/uma/receive',
    // deciding whether a pending payment goes ahead or is stopped
    'post /transactions/{transactionId}/approve',
    'post /agents/{agentId}/actions/{actionId}/approve',
    'post /agents/{agentId}/actions/{actionId}/reject',
    'post /transactions/{transactionId}/reject',
    'post /transactions/{transactionId}/cancel',
    // a stablecoin mint or burn moves the platform's money
    'post /stablecoins/{stablecoinId}/mints',
    'post /stablecoins/{stablecoinId}/burns',
    // the card network's simulated messages hold, post and credit card money (a balance inquiry is one of them)
    ...['authorization', 'clearing', 'return', 'balance_inquiry', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization',
      'authorization_advice', 'credit_authorization_advice', 'return_reversal'].map((kind) => `post /sandbox/cards/{id}/simulate/${kind}`),
  ])
  // reads whose question travels in a body: they price or look up, nothing is written
  const readsByPost = new Set(['post /crypto/estimate-withdrawal-fee'])
  const expectedPermission = (method: string, path: string) =>
    method === 'get' || readsByPost.has(`${method} ${path}`) ? 'VIEW' : moneyMovement.has(`${method} ${path}`) ? 'TRANSACT' : 'MANAGE'

  it('declares a permission on every operation: VIEW for reads, TRANSACT for money movement, MANAGE for other writes', async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-required-permission'?: string }>>
    }
    // an agent's own routes take its Bearer token and its policy's permissions; redeeming a device code takes no credentials
    const platformCredentials = (path: string) => !path.startsWith('/agents/me') && path !== '/agents/device-codes/{code}/redeem'
    const operations = Object.entries(document.paths)
      .filter(([path]) => platformCredentials(path))
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, permission: operation['x-required-permission'] })))
    expect(operations).not.toHaveLength(0)
    for (const operation of operations) {
      expect(operation).toEqual({ ...operation, permission: expectedPermission(operation.method, operation.path) })
    }
  })

  it('puts every route behind authentication', async () => {
    for (const path of ['/config', '/tokens', '/customers']) {
      expect((await app.request(`/2025-10-13${path}`)).status).toBe(401)
    }
  })
})
