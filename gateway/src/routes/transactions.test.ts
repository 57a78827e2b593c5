import { ApiError } from '@pp/errors'
import type { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import type { AgentsServiceClient } from '@pp/proto/agents/v1/agents'
import { afterEach, describe, expect, it } from 'vitest'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerSandboxRoutes } from './sandbox.js'
import { registerTransactionRoutes } from './transactions.js'
import { registerTransferRoutes } from './transfers.js'

/** The routes whose answer is a transaction: transactions, the deprecated transfers, sandbox payments. */
const TRANSACTION_ID = 'Transaction:019542f5-b3e7-7d02-8000-000000000004'
const INTERNAL_ID = 'InternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const EXTERNAL_ID = 'ExternalAccount:019542f5-b3e7-7d02-8000-000000000003'
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }

/** The transactions as the payments service answers them: the API's JSON, which the gateway sends on as it is. */
const outgoingView = {
  id: TRANSACTION_ID,
  status: 'FAILED',
  type: 'OUTGOING',
  direction: 'DEBIT',
  source: { sourceType: 'ACCOUNT', accountId: INTERNAL_ID, currency: 'USD' },
  destination: { destinationType: 'ACCOUNT', accountId: EXTERNAL_ID, currency: 'EUR' },
  sentAmount: { amount: 10_050, currency: usd },
  failureReason: 'PAYOUT_RETURNED',
  createdAt: '2025-10-03T12:00:00.000Z',
}
const outgoing = JSON.stringify(outgoingView)

const incomingView = {
  id: TRANSACTION_ID,
  status: 'COMPLETED',
  type: 'INCOMING',
  direction: 'CREDIT',
  destination: { destinationType: 'ACCOUNT', accountId: INTERNAL_ID },
  receivedAmount: { amount: 1_000, currency: usd },
  createdAt: '2025-10-03T12:00:00.000Z',
}
const incoming = JSON.stringify(incomingView)

let handlers: Record<string, FakeHandler> = {}
const calls: RecordedCall[] = []
let held: Permission[] = ['TRANSACT', 'VIEW', 'MANAGE']
afterEach(() => {
  handlers = {}
  calls.length = 0
  held = ['TRANSACT', 'VIEW', 'MANAGE']
})

const payments = fakeGrpcClient<PaymentsServiceClient>(new Proxy({}, { get: (_, name) => handlers[String(name)] }), calls)
// no agent action waits on these transactions: payments decides
const agents = fakeGrpcClient<AgentsServiceClient>({ decideAgentTransaction: async () => ({ handled: false, bodyJson: '' }) }, [])
const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: held }),
  registerRoutes: (api) => {
    registerTransactionRoutes(api, payments, agents)
    registerTransferRoutes(api, payments)
    registerSandboxRoutes(api, { internalAccounts: {} as never, payments })
  },
})

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, {
    method,
    headers: { Authorization: basicAuth('client', 'secret'), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const codeOf = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code]

describe('GET /transactions', () => {
  it('passes every filter, with dates as timestamps and the default page size, and answers the page', async () => {
    const pageJson = JSON.stringify({ data: [outgoingView, incomingView], hasMore: true, nextCursor: 'next', totalCount: 7 })
    handlers.listTransactions = async () => ({ pageJson })
    const query = new URLSearchParams({
      customerId: 'Customer:1',
      platformCustomerId: 'pc-1',
      accountIdentifier: INTERNAL_ID,
      senderAccountIdentifier: INTERNAL_ID,
      receiverAccountIdentifier: EXTERNAL_ID,
      status: 'FAILED',
      type: 'OUTGOING',
      reference: 'REF-1',
      startDate: '2025-10-01T00:00:00Z',
      endDate: '2025-10-31T23:59:59Z',
      cursor: 'abc',
    })
    const res = await call('GET', `/transactions?${query}`)
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'application/json', pageJson])
    expect(calls[0]!.request).toEqual(
      expect.objectContaining({
        ...Object.fromEntries(query),
        startDate: new Date('2025-10-01T00:00:00Z'),
        endDate: new Date('2025-10-31T23:59:59Z'),
        limit: 20,
        sortOrder: 'desc',
      }),
    )
  })

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['status=DONE', 'status'],
    ['startDate=yesterday', 'startDate'],
    ['sortOrder=random', 'sortOrder'],
  ])('answers 400 INVALID_INPUT for %s', async (query, field) => {
    const res = await call('GET', `/transactions?${query}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { details: { errors: Array<{ field: string }> } }
    expect(body.details.errors.map((e) => e.field)).toContain(field)
    expect(calls).toHaveLength(0)
  })
})

describe('GET /transactions/{transactionId}', () => {
  it("answers the payments service's transaction as it is", async () => {
    handlers.getTransaction = async () => ({ transactionJson: outgoing })
    const res = await call('GET', `/transactions/${TRANSACTION_ID}`)
    expect([res.status, await res.text()]).toEqual([200, outgoing])
    expect(calls[0]!.request).toEqual({ transactionId: TRANSACTION_ID })
  })

  it('answers 404 TRANSACTION_NOT_FOUND', async () => {
    handlers.getTransaction = async () => {
      throw new ApiError('TRANSACTION_NOT_FOUND')
    }
    expect(await codeOf(await call('GET', `/transactions/${TRANSACTION_ID}`))).toEqual([404, 'TRANSACTION_NOT_FOUND'])
  })
})

describe('transaction actions', () => {
  it('confirms receipt delivery at the given time, or leaves the time to the service', async () => {
    handlers.confirmReceiptDelivery = async () => ({ transactionJson: outgoing })
    const res = await call('POST', `/transactions/${TRANSACTION_ID}/confirm`, { receiptDeliveryConfirmedAt: '2025-10-03T12:05:00Z' })
    expect([res.status, await res.text()]).toEqual([200, outgoing])
    expect((await call('POST', `/transactions/${TRANSACTION_ID}/confirm`)).status).toBe(200)
    expect(calls.map((c) => c.request)).toEqual([
      { transactionId: TRANSACTION_ID, receiptDeliveryConfirmedAt: new Date('2025-10-03T12:05:00Z') },
      { transactionId: TRANSACTION_ID },
    ])
  })

  it.each([
    ['approve', 'approveTransaction', { receiverCustomerInfo: { FULL_NAME: 'Jane' } }, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL'],
    ['reject', 'rejectTransaction', { reason: 'RESTRICTED_JURISDICTION' }, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL'],
    ['cancel', 'cancelTransaction', { reason: 'REQUESTED_AFTER_HOURS' }, 'TRANSACTION_NOT_CANCELLABLE'],
  ] as const)('%s passes its body and answers the 409 of a transaction in the wrong state', async (action, method, body, conflict) => {
    handlers[method] = async () => ({ transactionJson: outgoing })
    const res = await call('POST', `/transactions/${TRANSACTION_ID}/${action}`, body)
    expect([res.status, await res.text()]).toEqual([200, outgoing])
    expect(calls[0]).toMatchObject({ method, request: { transactionId: TRANSACTION_ID, ...body } })

    handlers[method] = async () => {
      throw new ApiError(conflict)
    }
    expect(await codeOf(await call('POST', `/transactions/${TRANSACTION_ID}/${action}`))).toEqual([409, conflict])
  })

  it('needs TRANSACT to cancel: a MANAGE token may not stop a payout', async () => {
    held = ['MANAGE', 'VIEW']
    expect(await codeOf(await call('POST', `/transactions/${TRANSACTION_ID}/cancel`))).toEqual([403, 'FORBIDDEN'])
    expect(calls).toHaveLength(0)
  })
})

describe('deprecated transfers', () => {
  it('POST /transfer-out passes the accounts, rail and int64 amount with the Idempotency-Key and answers 201', async () => {
    handlers.transferOut = async () => ({ transactionJson: outgoing })
    const body = { source: { accountId: INTERNAL_ID }, destination: { accountId: EXTERNAL_ID, paymentRail: 'ACH' }, amount: 12_550, purposeOfPayment: 'GIFT' }
    const res = await call('POST', '/transfer-out', body, { 'Idempotency-Key': 'out-1' })
    expect([res.status, await res.text()]).toEqual([201, outgoing])
    expect(calls[0]).toMatchObject({
      request: { sourceAccountId: INTERNAL_ID, destinationAccountId: EXTERNAL_ID, paymentRail: 'ACH', amount: 12_550n, purposeOfPayment: 'GIFT' },
      ctx: { idempotencyKey: 'out-1' },
    })
  })

  it('POST /transfer-in pulls from the external account into the internal one', async () => {
    handlers.transferIn = async () => ({ transactionJson: incoming })
    const res = await call('POST', '/transfer-in', { source: { accountId: EXTERNAL_ID }, destination: { accountId: INTERNAL_ID }, amount: 1_000 })
    expect([res.status, await res.text()]).toEqual([201, incoming])
    expect(calls[0]!.request).toEqual({ sourceAccountId: EXTERNAL_ID, destinationAccountId: INTERNAL_ID, amount: 1_000n })
  })

  it.each([
    ['no amount', { source: { accountId: INTERNAL_ID }, destination: { accountId: EXTERNAL_ID } }, 'amount'],
    ['a zero amount', { source: { accountId: INTERNAL_ID }, destination: { accountId: EXTERNAL_ID }, amount: 0 }, 'amount'],
    ['no destination', { source: { accountId: INTERNAL_ID }, amount: 5 }, 'destination'],
  ])('answers 400 INVALID_INPUT for %s and moves nothing', async (_case, body, field) => {
    const res = await call('POST', '/transfer-out', body)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { details: { errors: Array<{ field: string }> } }).details.errors.map((e) => e.field)).toContain(field)
    expect(calls).toHaveLength(0)
  })

  it('needs TRANSACT', async () => {
    held = ['VIEW', 'MANAGE']
    const res = await call('POST', '/transfer-in', { source: { accountId: EXTERNAL_ID }, destination: { accountId: INTERNAL_ID }, amount: 1 })
    expect(await codeOf(res)).toEqual([403, 'FORBIDDEN'])
  })
})

describe('sandbox payments', () => {
  it('POST /sandbox/send derives the amount in the service when it is omitted', async () => {
    handlers.sandboxSend = async () => ({ transactionJson: incoming })
    const res = await call('POST', '/sandbox/send', { quoteId: 'Quote:1', currencyCode: 'USD' })
    expect([res.status, await res.text()]).toEqual([200, incoming])
    expect((await call('POST', '/sandbox/send', { quoteId: 'Quote:1', currencyCode: 'USD', currencyAmount: 1_000 })).status).toBe(200)
    expect(calls.map((c) => c.request)).toEqual([
      { quoteId: 'Quote:1', currencyCode: 'USD' },
      { quoteId: 'Quote:1', currencyCode: 'USD', currencyAmount: 1_000n },
    ])
  })

  it("POST /sandbox/send answers the service's refusal of another currency", async () => {
    handlers.sandboxSend = async () => {
      throw new ApiError('INVALID_INPUT', 'currencyCode must be the quote funding currency')
    }
    expect(await codeOf(await call('POST', '/sandbox/send', { quoteId: 'Quote:1', currencyCode: 'EUR' }))).toEqual([400, 'INVALID_INPUT'])
  })

  it('POST /sandbox/uma/receive passes the payment with its int64 amount', async () => {
    handlers.sandboxUmaReceive = async () => ({ transactionJson: incoming })
    const body = { senderUmaAddress: '$success.usd@sandbox.example.com', customerId: 'Customer:1', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1_000 }
    const res = await call('POST', '/sandbox/uma/receive', body)
    expect([res.status, await res.text()]).toEqual([200, incoming])
    expect(calls[0]!.request).toEqual({ ...body, receivingCurrencyAmount: 1_000n })
  })
})
