import { ApiError } from '@pp/errors'
import type { PaymentsServiceClient, QuoteFacts } from '@pp/proto/payments/v1/payments'
import { afterEach, describe, expect, it } from 'vitest'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import type { SignedOperation, WalletSignatureGuard } from '../wallet-signature/guard.js'
import { registerQuoteRoutes } from './quotes.js'

const QUOTE_ID = 'Quote:019542f5-b3e7-7d02-8000-000000000006'
const SOURCE_ID = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const DESTINATION_ID = 'ExternalAccount:019542f5-b3e7-7d02-8000-000000000003'
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }
const eur = { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 }

/** The quote as the payments service answers it: the API's JSON, which the gateway sends on as it is. */
const stored = {
  id: QUOTE_ID,
  status: 'PENDING',
  createdAt: '2025-10-03T12:00:00.000Z',
  expiresAt: '2025-10-03T12:05:00.000Z',
  source: { sourceType: 'ACCOUNT', accountId: SOURCE_ID },
  destination: { destinationType: 'ACCOUNT', accountId: DESTINATION_ID, paymentRail: 'SEPA' },
  sendingCurrency: usd,
  receivingCurrency: eur,
  totalSendingAmount: 10_050,
  totalReceivingAmount: 9_200,
  exchangeRate: 0.92,
  feesIncluded: 50,
  platformFeesIncluded: 20,
}
const quoteJson = JSON.stringify(stored)
const facts: QuoteFacts = {
  id: QUOTE_ID,
  sourceAccountType: 'INTERNAL_FIAT',
  sourceAccountId: SOURCE_ID,
  sendingCurrency: 'USD',
  totalSendingAmount: 10_050n,
  transactionId: 'Transaction:019542f5-b3e7-7d02-8000-000000000004',
}

const quoteBody = {
  source: { sourceType: 'ACCOUNT', accountId: SOURCE_ID },
  destination: { destinationType: 'ACCOUNT', accountId: DESTINATION_ID, paymentRail: 'SEPA' },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: 10_000,
}

let handlers: Record<string, FakeHandler> = {}
const calls: RecordedCall[] = []
let checks: SignedOperation[] = []
let guardAnswer: Response | undefined
let held: Permission[] = ['TRANSACT', 'VIEW']
afterEach(() => {
  handlers = {}
  calls.length = 0
  checks = []
  guardAnswer = undefined
  held = ['TRANSACT', 'VIEW']
})

const guard: WalletSignatureGuard = {
  async check(_c, operation) {
    checks.push(operation)
    return guardAnswer
  },
  withProof: () => Promise.reject(new Error('quotes are completed by the gateway, never given the proof')),
}

const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: held }),
  registerRoutes: (api) =>
    registerQuoteRoutes(api, {
      payments: fakeGrpcClient<PaymentsServiceClient>(new Proxy({}, { get: (_, name) => handlers[String(name)] }), calls),
      walletSignatures: guard,
    }),
})

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, {
    method,
    headers: { Authorization: basicAuth('client', 'secret'), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('POST /quotes', () => {
  it('passes the body with the amount as int64 and the Idempotency-Key, and answers 201 with the quote', async () => {
    handlers.createQuote = async () => ({ quoteJson })
    const res = await call('POST', '/quotes', { ...quoteBody, immediatelyExecute: true, description: 'Invoice 7' }, { 'Idempotency-Key': 'k1' })
    expect(res.status).toBe(201)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe(quoteJson)
    expect(calls[0]).toMatchObject({
      method: 'createQuote',
      request: { ...quoteBody, lockedCurrencyAmount: 10_000n, immediatelyExecute: true, description: 'Invoice 7' },
      ctx: { platformId: 'Platform:1', idempotencyKey: 'k1' },
    })
  })

  it('passes a realtime-funding source with its customer and currency', async () => {
    handlers.createQuote = async () => ({ quoteJson })
    const source = { sourceType: 'REALTIME_FUNDING', customerId: 'Customer:1', currency: 'USD' }
    expect((await call('POST', '/quotes', { ...quoteBody, source })).status).toBe(201)
    expect(calls[0]!.request).toMatchObject({ source })
  })

  it.each([
    ['a fractional amount', { ...quoteBody, lockedCurrencyAmount: 10.5 }, 'lockedCurrencyAmount'],
    ['an amount beyond the maximum', { ...quoteBody, lockedCurrencyAmount: 2 ** 60 }, 'lockedCurrencyAmount'],
    ['an unknown lock side', { ...quoteBody, lockedCurrencySide: 'BOTH' }, 'lockedCurrencySide'],
    ['an unknown source type', { ...quoteBody, source: { sourceType: 'CARD', accountId: SOURCE_ID } }, 'source.sourceType'],
    ['an UMA destination without an address', { ...quoteBody, destination: { destinationType: 'UMA_ADDRESS' } }, 'destination.umaAddress'],
  ])('answers 400 INVALID_INPUT for %s without calling the service', async (_case, body, field) => {
    const res = await call('POST', '/quotes', body)
    expect(res.status).toBe(400)
    const error = (await res.json()) as { code: string; details: { errors: Array<{ field: string }> } }
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.details.errors.map((e) => e.field)).toContain(field)
    expect(calls).toHaveLength(0)
  })

  it('needs TRANSACT: a VIEW token may not create quotes', async () => {
    held = ['VIEW', 'MANAGE']
    const res = await call('POST', '/quotes', quoteBody)
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'FORBIDDEN'])
    expect(calls).toHaveLength(0)
  })

  it.each([
    ['QUOTE_RATE_UNAVAILABLE', 400],
    ['TRANSACTION_SIZE_LIMIT_EXCEEDED', 400],
    ['END_USER_TERMS_NOT_ACCEPTED', 403],
    ['BANK_ACCOUNT_VALIDATION_PENDING', 409],
  ] as const)('answers the service error %s with status %i', async (code, status) => {
    handlers.createQuote = async () => {
      throw new ApiError(code, undefined, { quoteField: 'x' })
    }
    const res = await call('POST', '/quotes', quoteBody)
    expect(res.status).toBe(status)
    expect(await res.json()).toMatchObject({ code, details: { quoteField: 'x' } })
  })
})

describe('GET /quotes/{quoteId}', () => {
  it('answers the quote, VIEW being enough', async () => {
    held = ['VIEW']
    handlers.getQuote = async () => ({ quoteJson })
    const res = await call('GET', `/quotes/${QUOTE_ID}`)
    expect([res.status, await res.text()]).toEqual([200, quoteJson])
    expect(calls[0]!.request).toEqual({ quoteId: QUOTE_ID })
  })

  it('answers 404 QUOTE_NOT_FOUND for a quote the service does not know', async () => {
    handlers.getQuote = async () => {
      throw new ApiError('QUOTE_NOT_FOUND')
    }
    const res = await call('GET', `/quotes/${QUOTE_ID}`)
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'QUOTE_NOT_FOUND'])
  })
})

describe('POST /quotes/{quoteId}/execute', () => {
  const executed = JSON.stringify({ ...stored, status: 'PROCESSING', transactionId: 'Transaction:1' })

  it('executes an account-sourced quote without asking for a wallet signature', async () => {
    handlers.getQuoteFacts = async () => ({ facts })
    handlers.executeQuote = async () => ({ quoteJson: executed })
    const res = await call('POST', `/quotes/${QUOTE_ID}/execute`, undefined, { 'Idempotency-Key': 'exec-1' })
    expect([res.status, await res.text()]).toEqual([200, executed])
    expect(checks).toEqual([])
    expect(calls.map((c) => c.method)).toEqual(['getQuoteFacts', 'executeQuote'])
    expect(calls[0]!.request).toEqual({ quoteId: QUOTE_ID })
    expect(calls[1]).toMatchObject({ request: { quoteId: QUOTE_ID }, ctx: { idempotencyKey: 'exec-1' } })
  })

  it('passes the preferred SCA factor', async () => {
    handlers.getQuoteFacts = async () => ({ facts })
    handlers.executeQuote = async () => ({ quoteJson: executed })
    await call('POST', `/quotes/${QUOTE_ID}/execute`, { scaFactor: 'PASSKEY' })
    expect(calls[1]!.request).toEqual({ quoteId: QUOTE_ID, scaFactor: 'PASSKEY' })
  })

  describe('from an embedded wallet', () => {
    const walletFacts: QuoteFacts = { ...facts, sourceAccountType: 'EMBEDDED_WALLET' }

    it("answers the guard's challenge and executes nothing until the wallet signed", async () => {
      handlers.getQuoteFacts = async () => ({ facts: walletFacts })
      guardAnswer = Response.json({ payloadToSign: 'sign me', requestId: 'Request:1', expiresAt: '2025-10-03T12:05:00Z' }, { status: 202 })
      const raw = '{ "scaFactor" : "SMS_OTP" }'
      const res = await call('POST', `/quotes/${QUOTE_ID}/execute`, raw)
      expect(res.status).toBe(202)
      expect(await res.json()).toMatchObject({ payloadToSign: 'sign me', requestId: 'Request:1' })
      // the signature binds the exact bytes sent, not a re-serialisation of them
      expect(checks).toEqual([{ walletAccountId: SOURCE_ID, operation: `POST /quotes/${QUOTE_ID}/execute`, body: raw }])
      expect(calls.map((c) => c.method)).toEqual(['getQuoteFacts'])
    })

    it('executes once the guard accepts the signed retry', async () => {
      handlers.getQuoteFacts = async () => ({ facts: walletFacts })
      handlers.executeQuote = async () => ({ quoteJson: executed })
      const res = await call('POST', `/quotes/${QUOTE_ID}/execute`, undefined, { 'Service-Wallet-Signature': 'stamp', 'Request-Id': 'Request:1' })
      expect(res.status).toBe(200)
      expect(checks).toEqual([{ walletAccountId: SOURCE_ID, operation: `POST /quotes/${QUOTE_ID}/execute`, body: '' }])
      expect(calls.map((c) => c.method)).toEqual(['getQuoteFacts', 'executeQuote'])
    })
  })

  it('answers 400 QUOTE_EXPIRED from the service as it is', async () => {
    handlers.getQuoteFacts = async () => ({ facts })
    handlers.executeQuote = async () => {
      throw new ApiError('QUOTE_EXPIRED')
    }
    const res = await call('POST', `/quotes/${QUOTE_ID}/execute`)
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'QUOTE_EXPIRED'])
  })
})
