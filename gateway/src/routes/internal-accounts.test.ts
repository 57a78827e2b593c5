import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { InternalAccountsServiceClient, InternalAccountsServiceService } from '@pp/proto/ledger/v1/internal_accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerCustomerRoutes } from './customers.js'
import { registerInternalAccountRoutes } from './internal-accounts.js'
import { registerSandboxRoutes } from './sandbox.js'

const logger = createLogger('internal-accounts-routes-test', 'silent')
const auth = { Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`, 'Content-Type': 'application/json' }
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }

/** The account as the ledger answers it: the API's JSON, which the gateway sends on as it is. */
const storedAccount = {
  id: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002',
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  type: 'INTERNAL_FIAT',
  status: 'ACTIVE',
  balance: { amount: 7000, currency: usd },
  totalBalance: { amount: 12500, currency: usd },
  fundingPaymentInstructions: [
    {
      instructionsNotes: 'Include the reference',
      isPlatformAccount: false,
      accountOrWalletInfo: { accountType: 'USD_ACCOUNT', paymentRails: ['ACH', 'WIRE'], accountNumber: '123456789012', routingNumber: '101001006', reference: 'REF-1' },
    },
    { isPlatformAccount: false, accountOrWalletInfo: { accountType: 'SPARK_WALLET', address: 'sparkrt1xyz', assetType: 'USDB' } },
  ],
  createdAt: '2025-10-14T10:00:00.000Z',
  updatedAt: '2025-10-14T10:00:00.000Z',
  label: null,
  sweepRule: null,
  cardCapabilities: { actions: ['PURCHASE'] },
}
const accountJson = JSON.stringify(storedAccount)
const page = { data: [storedAccount], hasMore: true, nextCursor: 'next', totalCount: 3 }
const pageJson = JSON.stringify(page)
// JSON.stringify leaves out the fields set undefined here
const platformPageJson = JSON.stringify({ ...page, data: [{ ...storedAccount, customerId: undefined }] })
const ruleBasedJson = JSON.stringify({
  ...storedAccount,
  cardCapabilities: undefined,
  type: 'RULE_BASED',
  label: 'Invoices',
  sweepRule: { destinationAccountId: storedAccount.id, payerName: 'Acme' },
})

const received: { method?: string; request?: unknown; ctx?: HandlerContext } = {}
let failWith: ApiError | undefined
let held: Permission[]
let principal: { platformId: string; environment: 'SANDBOX' | 'PRODUCTION'; tokenId: string }

function stubService() {
  const answer = async <T>(method: string, request: unknown, ctx: HandlerContext, response: T): Promise<T> => {
    Object.assign(received, { method, request, ctx })
    if (failWith) throw failWith
    return response
  }
  return unaryService(logger, {
    listCustomerInternalAccounts: (r: object, ctx) => answer('listCustomer', r, ctx, { pageJson }),
    listPlatformInternalAccounts: (r: object, ctx) => answer('listPlatform', r, ctx, { pageJson: platformPageJson }),
    createRuleBasedInternalAccount: (r: object, ctx) => answer('create', r, ctx, { accountJson: ruleBasedJson }),
    fundSandboxInternalAccount: (r: object, ctx) => answer('fund', r, ctx, { accountJson }),
  })
}

let server: RunningGrpcServer
let client: InternalAccountsServiceClient
let app: ReturnType<typeof createGatewayApp>

beforeAll(async () => {
  server = await startGrpcServer('127.0.0.1:0', [{ name: 'ledger.v1.InternalAccountsService', definition: InternalAccountsServiceService, implementation: stubService() }], logger)
  client = createGrpcClient(InternalAccountsServiceClient, `127.0.0.1:${server.port}`)
  app = createGatewayApp({
    logger,
    authenticate: async () => ({ ...principal, permissions: held }),
    registerRoutes(api) {
      registerInternalAccountRoutes(api, client)
      registerSandboxRoutes(api, { internalAccounts: client, payments: {} as never })
      // the customer routes' /customers/{customerId} must not take /customers/internal-accounts
      registerCustomerRoutes(api, new Proxy({}, { get: () => () => { throw new Error('customers service called') } }) as never)
    },
  })
})
afterAll(async () => {
  client?.close()
  await server?.shutdown()
})
beforeEach(() => {
  failWith = undefined
  held = ['VIEW', 'MANAGE', 'TRANSACT']
  principal = { platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1' }
  for (const key of Object.keys(received)) delete received[key as keyof typeof received]
})

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, { method, headers: { ...auth, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })

describe('internal account routes', () => {
  it('GET /customers/internal-accounts passes filters and answers the ledger’s page unchanged', async () => {
    const res = await call('GET', '/customers/internal-accounts?customerId=Customer:1&currency=USD&type=INTERNAL_FIAT&limit=5&cursor=abc')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe(pageJson)
    expect(received).toMatchObject({ method: 'listCustomer', request: { customerId: 'Customer:1', currency: 'USD', type: 'INTERNAL_FIAT', limit: 5, cursor: 'abc' } })
    expect(received.ctx).toMatchObject({ platformId: 'Platform:1', environment: 'SANDBOX' })
  })

  it('GET /platform/internal-accounts lists the platform’s accounts', async () => {
    const res = await call('GET', '/platform/internal-accounts?type=INTERNAL_CRYPTO')
    expect(await res.text()).toBe(platformPageJson)
    expect(received).toMatchObject({ method: 'listPlatform', request: { type: 'INTERNAL_CRYPTO', limit: 20 } })
  })

  it('refuses bad list queries before calling the service', async () => {
    expect((await call('GET', '/customers/internal-accounts?type=SAVINGS')).status).toBe(400)
    expect((await call('GET', '/platform/internal-accounts?limit=101')).status).toBe(400)
    expect(received.method).toBeUndefined()
  })

  describe('POST /internal-accounts', () => {
    const body = { type: 'RULE_BASED', currency: 'USD', customerId: 'Customer:1', label: 'Invoices', sweepRule: { destinationAccountId: storedAccount.id, payerName: 'Acme' } }

    it('creates with the Idempotency-Key and answers 201 with the sweep rule', async () => {
      const res = await call('POST', '/internal-accounts', body, { 'Idempotency-Key': 'key-1' })
      expect(res.status).toBe(201)
      expect(await res.text()).toBe(ruleBasedJson)
      expect(received).toMatchObject({ method: 'create', request: body, ctx: { idempotencyKey: 'key-1' } })
    })

    it('answers 400 without an Idempotency-Key or with a label over 255 characters', async () => {
      const missing = await call('POST', '/internal-accounts', body)
      expect(missing.status).toBe(400)
      expect(await missing.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'idempotency-key' }] } })
      const long = await call('POST', '/internal-accounts', { ...body, label: 'x'.repeat(256) }, { 'Idempotency-Key': 'k' })
      expect(await long.json()).toMatchObject({ details: { errors: [{ field: 'label', constraint: { maxLength: 255 } }] } })
      expect(received.method).toBeUndefined()
    })

    it('answers with the service’s errors', async () => {
      failWith = new ApiError('USER_NOT_READY', 'Customer Customer:1 has no verified USD account yet')
      const res = await call('POST', '/internal-accounts', body, { 'Idempotency-Key': 'key-2' })
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'USER_NOT_READY' })
    })
  })

  describe('POST /sandbox/internal-accounts/{accountId}/fund', () => {
    it('passes the amount and answers the updated account', async () => {
      const res = await call('POST', `/sandbox/internal-accounts/${storedAccount.id}/fund`, { amount: 100000 })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe(accountJson)
      expect(received).toMatchObject({ method: 'fund', request: { accountId: storedAccount.id, amount: 100000n } })
    })

    it('refuses amounts outside 1 to 100,000,000,000 and passes on the service’s 403 for production credentials', async () => {
      for (const amount of [0, 100_000_000_001, 1.5]) {
        expect((await call('POST', `/sandbox/internal-accounts/${storedAccount.id}/fund`, { amount })).status).toBe(400)
      }
      principal = { ...principal, environment: 'PRODUCTION' }
      failWith = new ApiError('FORBIDDEN', 'Sandbox endpoints cannot be used with production credentials')
      const res = await call('POST', `/sandbox/internal-accounts/${storedAccount.id}/fund`, { amount: 1 })
      expect(res.status).toBe(403)
      expect(received.ctx).toMatchObject({ environment: 'PRODUCTION' })
    })
  })

  it('checks permissions: VIEW reads, MANAGE creates, TRANSACT funds', async () => {
    held = ['VIEW']
    expect((await call('GET', '/customers/internal-accounts')).status).toBe(200)
    expect((await call('POST', '/internal-accounts', { type: 'RULE_BASED', currency: 'USD' }, { 'Idempotency-Key': 'k' })).status).toBe(403)
    expect((await call('POST', `/sandbox/internal-accounts/${storedAccount.id}/fund`, { amount: 1 })).status).toBe(403)
    held = ['TRANSACT']
    expect((await call('POST', `/sandbox/internal-accounts/${storedAccount.id}/fund`, { amount: 1 })).status).toBe(200)
  })

  it('documents the routes in a valid OpenAPI document', async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as Record<string, any>
    expect((await new Validator().validate(document)).errors).toBeUndefined()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/customers/internal-accounts', '/platform/internal-accounts', '/internal-accounts', '/sandbox/internal-accounts/{accountId}/fund']),
    )
    expect(document.paths['/internal-accounts'].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true })]))
  })
})
