import type { Metadata, ServiceError } from '@grpc/grpc-js'
import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError, apiErrorToGrpcStatus } from '@pp/errors'
import { contextFromMetadata } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { Permission, type PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Permission as PermissionName } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerConfigRoutes } from './config.js'
import { registerTokenRoutes } from './tokens.js'

type Handler = (request: any, metadata: Metadata) => Promise<unknown>

/** A platform client whose methods answer from `handlers`, as the real service would over gRPC. */
function fakePlatform(handlers: Record<string, Handler>): PlatformServiceClient {
  const method = (name: string) => (request: unknown, metadata: Metadata, _options: unknown, callback: (err: ServiceError | null, res?: unknown) => void) => {
    const handler = handlers[name] ?? (() => Promise.reject(new Error(`unexpected call ${name}`)))
    handler(request, metadata).then(
      (res) => callback(null, res),
      (err: ApiError) => callback(apiErrorToGrpcStatus(err) as ServiceError),
    )
  }
  return new Proxy({}, { get: (_, name) => method(String(name)) }) as PlatformServiceClient
}

const principal = { platformId: 'Platform:1', environment: 'PRODUCTION' as const, tokenId: 'Token:1' }
const at = '2025-10-13T10:00:00.000Z'
/** The configuration and a token as the platform service answers them: the API's JSON, which the gateway sends on as it is. */
const configJson = JSON.stringify({
  id: 'PlatformConfig:1',
  webhookEndpoint: 'https://hooks.example/x',
  supportedCurrencies: [
    { currencyCode: 'USD', minAmount: 100, maxAmount: Number.MAX_SAFE_INTEGER, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'] },
    { currencyCode: 'EUR', minAmount: 1, maxAmount: 2, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }], providerRequiredCustomerFields: ['NATIONALITY'], enabledTransactionTypes: [] },
  ],
  isRegulatedFinancialInstitution: false,
  skipVerificationPaperwork: false,
  embeddedWalletConfig: { appName: 'Acme' },
  feeConfigs: [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 30, fixedFee: { amount: 100, currency: 'USD' } }],
  createdAt: at,
  updatedAt: at,
})
const token = { id: 'Token:2', name: 'ops', permissions: ['VIEW', 'MANAGE'], clientId: 'c1', createdAt: at, updatedAt: at }
const createdTokenJson = JSON.stringify({ ...token, clientSecret: 's3cret' })
const tokenPageJson = JSON.stringify({ data: [token], hasMore: true, nextCursor: 'abc', totalCount: 5 })

let handlers: Record<string, ReturnType<typeof vi.fn<Handler>>>
let deleted: string[]
/** The permissions of the calling token; tests narrow them. */
let held: PermissionName[]

function app() {
  return createGatewayApp({
    logger: createLogger('gateway-test', 'silent'),
    authenticate: async () => ({ ...principal, permissions: held }),
    registerRoutes(api) {
      const platform = fakePlatform(handlers)
      registerConfigRoutes(api, platform)
      registerTokenRoutes(api, platform, (tokenId) => deleted.push(tokenId))
    },
  })
}

const request = (path: string, init: { method?: string; body?: unknown } = {}) =>
  app().request(`/2025-10-13${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: 'Basic eDp5', 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })

const fieldsOf = async (res: Response) => ((await res.json()) as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)

beforeEach(() => {
  deleted = []
  held = ['VIEW', 'MANAGE']
  handlers = {
    getPlatformConfig: vi.fn<Handler>(async () => ({ configJson })),
    updatePlatformConfig: vi.fn<Handler>(async () => ({ configJson })),
    createToken: vi.fn<Handler>(async () => ({ tokenJson: createdTokenJson })),
    listTokens: vi.fn<Handler>(async () => ({ pageJson: tokenPageJson })),
    getToken: vi.fn<Handler>(async () => ({ tokenJson: JSON.stringify(token) })),
    deleteToken: vi.fn<Handler>(async () => ({})),
  }
})

describe('GET /config', () => {
  it("sends the calling tenant's configuration on as the platform service wrote it", async () => {
    const res = await request('/config')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe(configJson)
    const metadata = handlers.getPlatformConfig!.mock.calls[0]![1]
    expect(contextFromMetadata(metadata)).toMatchObject({ platformId: 'Platform:1', environment: 'PRODUCTION' })
  })
})

describe('PATCH /config', () => {
  it('sends only the fields given, amounts as int64, lists wrapped so that omitted differs from empty', async () => {
    const body = {
      webhookEndpoint: 'http://localhost:8080/hooks',
      supportedCurrencies: [{ currencyCode: 'USD', minAmount: 1, maxAmount: 5, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING'], providerRequiredCustomerFields: ['EMAIL'] }],
      feeConfigs: [],
      cardTokenization2faConfig: { email: { subject: 'Code' } },
    }
    const res = await request('/config', { method: 'PATCH', body })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(configJson)
    expect(handlers.updatePlatformConfig!.mock.calls[0]![0]).toEqual({
      umaDomain: undefined,
      webhookEndpoint: 'http://localhost:8080/hooks',
      supportedCurrencies: { items: [{ currencyCode: 'USD', minAmount: 1n, maxAmount: 5n, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING'] }] },
      embeddedWalletConfig: undefined,
      cardTokenization2faConfig: { email: { subject: 'Code' } },
      feeConfigs: { items: [] },
      skipVerificationPaperwork: undefined,
    })
  })

  it.each([
    ['a non-http webhook', { webhookEndpoint: 'ftp://hooks.example' }, ['webhookEndpoint']],
    ['a negative amount', { supportedCurrencies: [{ currencyCode: 'USD', minAmount: -1, maxAmount: 5, requiredCounterpartyFields: [], enabledTransactionTypes: [] }] }, ['supportedCurrencies.0.minAmount']],
    ['a fractional amount', { feeConfigs: [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 1, fixedFee: { amount: 1.5, currency: 'USD' } }] }, ['feeConfigs.0.fixedFee.amount']],
    ['a short OTP', { embeddedWalletConfig: { otpLength: 3 } }, ['embeddedWalletConfig.otpLength']],
    ['a plain-http card logo', { cardTokenization2faConfig: { logoUrl: 'http://acme.example/logo.png' } }, ['cardTokenization2faConfig.logoUrl']],
  ])('refuses %s with 400 before calling the service', async (_, body, fields) => {
    const res = await request('/config', { method: 'PATCH', body })
    expect(res.status).toBe(400)
    expect(await fieldsOf(res)).toEqual(fields)
    expect(handlers.updatePlatformConfig).not.toHaveBeenCalled()
  })

  it("passes the service's own refusals through", async () => {
    handlers.updatePlatformConfig!.mockRejectedValueOnce(new ApiError('NOT_IMPLEMENTED', 'Fees in EUR are not supported yet'))
    const res = await request('/config', { method: 'PATCH', body: { umaDomain: 'x.example' } })
    expect(res.status).toBe(501)
    expect(await res.json()).toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })
})

describe('/tokens', () => {
  it('creates a token and shows its secret once', async () => {
    const res = await request('/tokens', { method: 'POST', body: { name: 'ops', permissions: ['VIEW', 'MANAGE'] } })
    expect(res.status).toBe(201)
    expect(await res.text()).toBe(createdTokenJson)
    expect(handlers.createToken!.mock.calls[0]![0]).toEqual({ name: 'ops', permissions: [Permission.PERMISSION_VIEW, Permission.PERMISSION_MANAGE] })
  })

  it('refuses an unknown permission and an empty name', async () => {
    const res = await request('/tokens', { method: 'POST', body: { name: ' ', permissions: ['ROOT'] } })
    expect(res.status).toBe(400)
    expect(await fieldsOf(res)).toEqual(['name', 'permissions.0'])
    expect(handlers.createToken).not.toHaveBeenCalled()
  })

  it('lists with filters, sending the page on as the platform service wrote it', async () => {
    const res = await request('/tokens?name=ops&createdAfter=2025-10-13T00:00:00Z&cursor=xyz')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(tokenPageJson)
    expect(handlers.listTokens!.mock.calls[0]![0]).toEqual({
      name: 'ops', createdAfter: new Date('2025-10-13T00:00:00Z'), createdBefore: undefined,
      updatedAfter: undefined, updatedBefore: undefined, limit: 20, cursor: 'xyz',
    })
  })

  it('refuses a malformed date filter, one before year 1, and a limit above 100', async () => {
    expect(await fieldsOf(await request('/tokens?updatedBefore=yesterday'))).toEqual(['updatedBefore'])
    // Postgres has no year 0, and this instant is in it in UTC
    expect(await fieldsOf(await request('/tokens?createdAfter=0001-01-01T00:30:00%2B01:00'))).toEqual(['createdAfter'])
    expect((await request('/tokens?limit=101')).status).toBe(400)
  })

  it('gets one token and passes TOKEN_NOT_FOUND through', async () => {
    const found = await request('/tokens/Token:2')
    expect([found.status, await found.json()]).toEqual([200, token])
    expect(handlers.getToken!.mock.calls[0]![0]).toEqual({ tokenId: 'Token:2' })
    handlers.getToken!.mockRejectedValueOnce(new ApiError('TOKEN_NOT_FOUND'))
    const res = await request('/tokens/Token:3')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'TOKEN_NOT_FOUND' })
  })

  it('deletes with 204 and drops the cached authentication only after success', async () => {
    const res = await request('/tokens/Token:2', { method: 'DELETE' })
    expect(res.status).toBe(204)
    expect(deleted).toEqual(['Token:2'])
    handlers.deleteToken!.mockRejectedValueOnce(new ApiError('TOKEN_NOT_FOUND'))
    expect((await request('/tokens/Token:9', { method: 'DELETE' })).status).toBe(404)
    expect(deleted).toEqual(['Token:2'])
  })
})

describe('permissions', () => {
  const reads = ['/config', '/tokens', '/tokens/Token:2']
  const writes = [
    ['PATCH', '/config', { umaDomain: 'x.example' }, 'updatePlatformConfig'],
    ['POST', '/tokens', { name: 'ops', permissions: ['VIEW'] }, 'createToken'],
    ['DELETE', '/tokens/Token:2', undefined, 'deleteToken'],
  ] as const

  it.each(reads)('lets a VIEW token read %s', async (path) => {
    held = ['VIEW']
    expect((await request(path)).status).toBe(200)
  })

  it.each(writes)('refuses %s %s to a VIEW token with 403 naming MANAGE, before anything changes', async (method, path, body, rpc) => {
    held = ['VIEW']
    const res = await request(path, { method, body })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API token lacks the MANAGE permission',
      reason: 'This API token lacks the MANAGE permission',
      details: { requiredPermission: 'MANAGE' },
    })
    expect(handlers[rpc]).not.toHaveBeenCalled()
    expect(deleted).toEqual([])
  })

  it('refuses to mint a token with a permission the caller does not hold', async () => {
    held = ['MANAGE']
    const res = await request('/tokens', { method: 'POST', body: { name: 'payer', permissions: ['VIEW', 'TRANSACT'] } })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', details: { permissions: ['TRANSACT'] } })
    expect(handlers.createToken).not.toHaveBeenCalled()
  })

  it('lets a MANAGE token read and write', async () => {
    held = ['MANAGE']
    for (const path of reads) expect((await request(path)).status).toBe(200)
    for (const [method, path, body, rpc] of writes) {
      expect((await request(path, { method, body })).status).toBeLessThan(300)
      expect(handlers[rpc]).toHaveBeenCalledOnce()
    }
  })
})

it('documents the routes in a valid OpenAPI 3.1 document', async () => {
  const document = (await (await app().request('/2025-10-13/openapi.json')).json()) as Record<string, any>
  const validation = await new Validator().validate(document)
  expect(validation.errors).toBeUndefined()
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/config', '/tokens', '/tokens/{tokenId}']))
  expect(Object.keys(document.paths['/tokens/{tokenId}'].delete.responses)).toEqual(expect.arrayContaining(['204', '404']))
  expect(document.components.schemas.PlatformCurrencyConfig.properties.minAmount).toMatchObject({ type: 'integer', format: 'int64' })
  expect(document.paths['/config'].patch).toMatchObject({ 'x-required-permission': 'MANAGE', security: [{ BasicAuth: ['MANAGE'] }] })
  expect(document.paths['/config'].get).toMatchObject({
    'x-required-permission': 'VIEW',
    security: [{ BasicAuth: ['VIEW'] }, { BasicAuth: ['MANAGE'] }],
  })
  expect(Object.keys(document.paths['/config'].patch.responses)).toContain('403')
})
