import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import {
  PaymentsCatalogServiceClient,
  PaymentsCatalogServiceService,
  type EstimateCryptoWithdrawalFeeRequest,
  type GetExchangeRatesRequest,
  type ListUmaProvidersRequest,
  type LookupExternalAccountRequest,
  type LookupUmaRequest,
} from '@pp/proto/payments/v1/catalog'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerCatalogRoutes } from './catalog.js'

const logger = createLogger('catalog-routes-test', 'silent')
const auth = { Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`, 'Content-Type': 'application/json' }
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }
const inr = { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2 }
const lookup = {
  lookupId: 'Lookup:019542f5-b3e7-7d02-8000-000000000009',
  supportedCurrencies: [{ currency: inr, estimatedExchangeRate: '0.012', min: 1n, max: 83_333_333_333n }],
  requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }],
}

/** What the stub catalogue service received, and the error it answers with when set. */
const received: { request?: unknown; ctx?: HandlerContext } = {}
let failWith: ApiError | undefined
let held: Permission[]

const answer = <Req, Res>(respond: (request: Req) => Res) => async (request: Req, ctx: HandlerContext) => {
  Object.assign(received, { request, ctx })
  if (failWith) throw failWith
  return respond(request)
}

function stubCatalogService() {
  return unaryService(logger, {
    getExchangeRates: answer((request: GetExchangeRatesRequest) => ({
      data: request.destinationCurrencies.map(() => ({
        sourceCurrency: usd,
        destinationCurrency: inr,
        destinationPaymentRail: 'UPI',
        sendingAmount: request.sendingAmount ?? 10_000n,
        minSendingAmount: 3n,
        maxSendingAmount: 100_000_000n,
        receivingAmount: 816_666n,
        exchangeRate: '0.012',
        fees: { fixed: 100n, total: 200n },
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      })),
    })),
    listDiscoveries: answer((_request: object) => ({ data: [{ bankName: 'BPI', displayName: 'Bank of the Philippine Islands', country: 'PH', currency: 'PHP' }] })),
    listUmaProviders: answer((request: ListUmaProvidersRequest) => ({
      data: [{ name: 'Sandbox US Money', supportedRegions: ['US'], domain: 'uma.sandbox-us.example', supportedCurrencies: [usd], allowListStatus: request.hasBlockedProviders !== false }],
      hasMore: true,
      nextCursor: 'next',
      totalCount: 6,
    })),
    listVasps: answer((_request: object) => ({ data: [{ vaspName: 'Kraken', url: 'https://www.kraken.com' }, { vaspName: 'Sandbox Custody' }], hasMore: false })),
    estimateCryptoWithdrawalFee: answer((request: EstimateCryptoWithdrawalFeeRequest) => ({
      networkFee: 5_000n,
      networkFeeAsset: 'SOL',
      applicationFee: 0n,
      totalFee: 750n,
      netAmount: request.amount - 750n,
    })),
    lookupUma: answer((request: LookupUmaRequest) => ({ lookup, receiverUmaAddress: request.receiverUmaAddress })),
    lookupExternalAccount: answer((request: LookupExternalAccountRequest) => ({ lookup, accountId: request.accountId })),
  })
}

let server: RunningGrpcServer
let client: PaymentsCatalogServiceClient
let app: ReturnType<typeof createGatewayApp>

beforeAll(async () => {
  server = await startGrpcServer('127.0.0.1:0', [{ name: 'catalog', definition: PaymentsCatalogServiceService, implementation: stubCatalogService() }], logger)
  client = createGrpcClient(PaymentsCatalogServiceClient, `127.0.0.1:${server.port}`)
  const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1' }
  app = createGatewayApp({ logger, authenticate: async () => ({ ...principal, permissions: held }), registerRoutes: (api) => registerCatalogRoutes(api, client) })
})
afterAll(async () => {
  client?.close()
  await server?.shutdown()
})
beforeEach(() => {
  failWith = undefined
  held = ['VIEW']
  delete received.request
  delete received.ctx
})

const call = (method: string, path: string, body?: unknown) =>
  app.request(`/2025-10-13${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) })

describe('GET /exchange-rates', () => {
  it('passes repeated destinations and the amount, and answers JSON numbers', async () => {
    const res = await call('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=INR&destinationCurrency=EUR&sendingAmount=25000')
    expect(res.status).toBe(200)
    expect(received.request).toEqual({ sourceCurrency: 'USD', destinationCurrencies: ['INR', 'EUR'], sendingAmount: 25_000n })
    expect(received.ctx).toMatchObject({ platformId: 'Platform:1', environment: 'SANDBOX' })
    const body = (await res.json()) as { data: unknown[] }
    expect(body.data).toHaveLength(2)
    expect(body.data[0]).toEqual({
      sourceCurrency: usd,
      sendingAmount: 25000,
      minSendingAmount: 3,
      maxSendingAmount: 100000000,
      destinationCurrency: inr,
      destinationPaymentRail: 'UPI',
      receivingAmount: 816666,
      exchangeRate: 0.012,
      fees: { fixed: 100, total: 200 },
      updatedAt: '2026-01-01T00:00:00.000Z',
    })
  })

  it('takes a single destination as a list and lets the service default the amount', async () => {
    expect((await call('GET', '/exchange-rates?destinationCurrency=INR')).status).toBe(200)
    expect(received.request).toEqual({ destinationCurrencies: ['INR'] })
  })

  it('refuses a negative or fractional amount before calling the service', async () => {
    for (const amount of ['-1', '1.5', 'ten']) {
      const res = await call('GET', `/exchange-rates?sendingAmount=${amount}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'sendingAmount' })] } })
    }
    expect(received.request).toBeUndefined()
  })

  it("passes the service's INVALID_CURRENCY through as a 400", async () => {
    failWith = new ApiError('INVALID_CURRENCY', 'XXX is not a currency the service offers', { field: 'sourceCurrency' })
    const res = await call('GET', '/exchange-rates?sourceCurrency=XXX')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_CURRENCY', details: { field: 'sourceCurrency' } })
  })
})

describe('directories', () => {
  it('GET /discoveries filters by an upper-case country and refuses another shape', async () => {
    const res = await call('GET', '/discoveries?country=PH&currency=PHP')
    expect(await res.json()).toEqual({ data: [{ bankName: 'BPI', displayName: 'Bank of the Philippine Islands', country: 'PH', currency: 'PHP' }] })
    expect(received.request).toEqual({ country: 'PH', currency: 'PHP' })
    expect((await call('GET', '/discoveries?country=Philippines')).status).toBe(400)
  })

  it('GET /uma-providers maps the allow-list flag and the page', async () => {
    const res = await call('GET', '/uma-providers?hasBlockedProviders=false&limit=1&sortOrder=asc')
    expect(received.request).toEqual({ hasBlockedProviders: false, limit: 1, sortOrder: 'asc' })
    expect(await res.json()).toEqual({
      data: [{ name: 'Sandbox US Money', supportedRegions: ['US'], domain: 'uma.sandbox-us.example', supportedCurrencies: [usd], allowListStatus: false }],
      hasMore: true,
      nextCursor: 'next',
      totalCount: 6,
    })
    expect((await call('GET', '/uma-providers?limit=101')).status).toBe(400)
  })

  it('GET /vasps answers names and urls where known', async () => {
    const res = await call('GET', '/vasps?limit=5')
    expect(await res.json()).toEqual({ data: [{ vaspName: 'Kraken', url: 'https://www.kraken.com' }, { vaspName: 'Sandbox Custody' }], hasMore: false })
    expect(received.request).toEqual({ limit: 5 })
  })
})

describe('POST /crypto/estimate-withdrawal-fee', () => {
  const body = {
    internalAccountId: 'InternalAccount:019542f5-b3e7-7d02-8000-000000000001',
    currency: 'USDC',
    cryptoNetwork: 'SOLANA',
    amount: 1_000_000,
    destinationAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  }

  it('is a read: VIEW suffices, and the amount travels as an integer', async () => {
    const res = await call('POST', '/crypto/estimate-withdrawal-fee', body)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ networkFee: 5000, networkFeeAsset: 'SOL', applicationFee: 0, totalFee: 750, netAmount: 999250 })
    expect(received.request).toEqual({ ...body, amount: 1_000_000n })
  })

  it('lists every invalid field and calls nothing', async () => {
    const res = await call('POST', '/crypto/estimate-withdrawal-fee', { ...body, cryptoNetwork: 'DOGE', amount: 0.5 })
    expect(res.status).toBe(400)
    const fields = ((await res.json()) as { details: { errors: { field: string }[] } }).details.errors.map((e) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['cryptoNetwork', 'amount']))
    expect(received.request).toBeUndefined()
  })

  it('answers 404 for an account the service does not find', async () => {
    failWith = new ApiError('ACCOUNT_NOT_FOUND')
    expect((await call('POST', '/crypto/estimate-withdrawal-fee', body)).status).toBe(404)
  })
})

describe('receiver look-ups', () => {
  const expected = {
    lookupId: lookup.lookupId,
    supportedCurrencies: [{ currency: inr, estimatedExchangeRate: 0.012, min: 1, max: 83333333333 }],
    requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }],
  }

  it('GET /receiver/uma/{address} decodes the address and passes the sender', async () => {
    const res = await call('GET', `/receiver/uma/${encodeURIComponent('$asha@uma.sandbox-in.example')}?customerId=Customer:1`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ...expected, receiverUmaAddress: '$asha@uma.sandbox-in.example' })
    expect(received.request).toEqual({ receiverUmaAddress: '$asha@uma.sandbox-in.example', customerId: 'Customer:1' })
  })

  it.each([
    [new ApiError('INVALID_UMA_ADDRESS'), 400],
    [new ApiError('UMA_NOT_FOUND'), 404],
    [new ApiError('LOOKUP_REQUEST_FAILED'), 400],
    [new ApiError('LNURLP_REQUEST_FAILED'), 424],
  ])('passes %s through with its status', async (error, status) => {
    failWith = error
    const res = await call('GET', '/receiver/uma/$bob@uma.me?senderUmaAddress=$alice@uma.me')
    expect(res.status).toBe(status)
    expect(await res.json()).toMatchObject({ code: error.code })
  })

  it('GET /receiver/external-account/{accountId} answers the account id and the look-up', async () => {
    const id = 'ExternalAccount:019542f5-b3e7-7d02-8000-000000000003'
    const res = await call('GET', `/receiver/external-account/${id}?senderUmaAddress=$alice@uma.me`)
    expect(await res.json()).toEqual({ ...expected, accountId: id })
    expect(received.request).toEqual({ accountId: id, senderUmaAddress: '$alice@uma.me' })
  })
})

it('needs the VIEW permission on every route', async () => {
  held = []
  for (const [method, path] of [['GET', '/exchange-rates'], ['GET', '/vasps'], ['POST', '/crypto/estimate-withdrawal-fee'], ['GET', '/receiver/uma/$a@b.co']]) {
    expect((await call(method!, path!, method === 'POST' ? {} : undefined)).status).toBe(403)
  }
  expect(received.request).toBeUndefined()
})

it('documents every catalogue route in a valid OpenAPI document', async () => {
  const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as { paths: Record<string, unknown> }
  expect((await new Validator().validate(document)).errors).toBeUndefined()
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/exchange-rates', '/discoveries', '/uma-providers', '/vasps', '/crypto/estimate-withdrawal-fee', '/receiver/uma/{receiverUmaAddress}', '/receiver/external-account/{accountId}']),
  )
})
