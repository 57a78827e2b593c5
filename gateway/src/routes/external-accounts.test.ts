import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import type { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import {
  ExternalAccountsServiceClient,
  ExternalAccountsServiceService,
  type CreateExternalAccountRequest,
} from '@pp/proto/ledger/v1/external_accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerCustomerRoutes } from './customers.js'
import { registerExternalAccountRoutes } from './external-accounts.js'

const logger = createLogger('external-accounts-routes-test', 'silent')
const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1' }
const auth = { Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`, 'Content-Type': 'application/json' }

const ACCOUNT_ID = 'ExternalAccount:019542f5-b3e7-7d02-8000-000000000002'
const CUSTOMER_ID = 'Customer:019542f5-b3e7-7d02-8000-000000000001'
const person = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' }
const usdInfo = { accountType: 'USD_ACCOUNT', accountNumber: '123456789012', routingNumber: '021000021', bankAccountType: 'CHECKING', beneficiary: person }

/** The account as the ledger answers it: the API's JSON, which the gateway sends on as it is. */
const stored = {
  id: ACCOUNT_ID,
  customerId: CUSTOMER_ID,
  status: 'PENDING',
  currency: 'USD',
  defaultUmaDepositAccount: false,
  beneficiaryVerificationStatus: 'MATCHED',
  beneficiaryVerifiedData: { fullName: 'Jane Doe' },
  accountInfo: { ...usdInfo, paymentRails: ['ACH', 'WIRE'] },
}
const externalAccountJson = JSON.stringify(stored)
const pageJson = JSON.stringify({ data: [stored], hasMore: true, nextCursor: 'next', totalCount: 3 })
const verifiedJson = JSON.stringify({ ...stored, status: 'ACTIVE' })

const received: { method?: string; request?: unknown; ctx?: HandlerContext } = {}
let failWith: ApiError | undefined
let held: Permission[]

function stubService() {
  const answer = (method: string) => async (request: unknown, ctx: HandlerContext) => {
    Object.assign(received, { method, request, ctx })
    if (failWith) throw failWith
    return RESPONSES[method]
  }
  const expiresAt = new Date('2025-10-21T12:05:00Z')
  const RESPONSES: Record<string, unknown> = {
    createExternalAccount: { externalAccountJson },
    getExternalAccount: { externalAccountJson },
    listExternalAccounts: { pageJson },
    deleteExternalAccount: {},
    startBeneficiaryTrust: { scaChallenge: { id: 'ScaChallenge:1', expiresAt, factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] } },
    confirmBeneficiaryTrust: { trusted: true },
    startBeneficiaryUntrust: { scaChallenge: undefined },
    confirmBeneficiaryUntrust: { trusted: false },
    createOwnershipChallenge: { method: 'WALLET_SIGNATURE', messageToSign: 'sign me', expiresAt },
    verifyOwnership: { externalAccountJson: verifiedJson },
  }
  return unaryService(logger, Object.fromEntries(Object.keys(RESPONSES).map((m) => [m, answer(m)])))
}

let server: RunningGrpcServer
let client: ExternalAccountsServiceClient
let app: ReturnType<typeof createGatewayApp>

beforeAll(async () => {
  server = await startGrpcServer('127.0.0.1:0', [{ name: 'external', definition: ExternalAccountsServiceService, implementation: stubService() }], logger)
  client = createGrpcClient(ExternalAccountsServiceClient, `127.0.0.1:${server.port}`)
  // the customer routes too, registered after, as the gateway must: they never answer here
  const customers = {} as CustomersServiceClient
  app = createGatewayApp({
    logger,
    authenticate: async () => ({ ...principal, permissions: held }),
    registerRoutes: (api) => {
      registerExternalAccountRoutes(api, client)
      registerCustomerRoutes(api, customers)
    },
  })
})
afterAll(async () => {
  client?.close()
  await server?.shutdown()
})
beforeEach(() => {
  failWith = undefined
  held = ['VIEW', 'MANAGE']
  delete received.method
  delete received.request
})

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, { method, headers: { ...auth, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })
type ErrorJson = { code: string; details: { errors: Array<{ field: string; constraint?: object }> } }

describe('external account routes', () => {
  describe('POST /customers/external-accounts', () => {
    it('passes the body, tenant and Idempotency-Key and answers 201 with the account', async () => {
      const res = await call('POST', '/customers/external-accounts', { customerId: CUSTOMER_ID, currency: 'USD', accountInfo: usdInfo }, { 'Idempotency-Key': 'k1' })
      expect(res.status).toBe(201)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.text()).toBe(externalAccountJson)
      const request = received.request as CreateExternalAccountRequest
      expect(request).toMatchObject({ ownerKind: 'CUSTOMER', customerId: CUSTOMER_ID, currency: 'USD', accountInfo: { routingNumber: '021000021', beneficiary: person } })
      expect(received.ctx).toMatchObject({ platformId: 'Platform:1', idempotencyKey: 'k1' })
    })

    it('answers 400 with every invalid field path and calls nothing', async () => {
      const accountInfo = { ...usdInfo, routingNumber: '12345', accountNumber: undefined, beneficiary: { beneficiaryType: 'INDIVIDUAL' } }
      const res = await call('POST', '/customers/external-accounts', { customerId: CUSTOMER_ID, currency: 'usd', accountInfo })
      expect(res.status).toBe(400)
      const fields = ((await res.json()) as ErrorJson).details.errors.map((e) => e.field)
      expect(fields).toEqual(expect.arrayContaining(['currency', 'accountInfo.accountNumber', 'accountInfo.routingNumber', 'accountInfo.beneficiary.fullName']))
      expect(received.method).toBeUndefined()
    })

    it('names an unknown account type', async () => {
      const res = await call('POST', '/customers/external-accounts', { customerId: CUSTOMER_ID, currency: 'USD', accountInfo: { accountType: 'CHEQUE' } })
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorJson).details.errors).toEqual([expect.objectContaining({ field: 'accountInfo.accountType' })])
    })

    it('answers with the service’s error', async () => {
      failWith = new ApiError('DUPLICATE_EXTERNAL_ACCOUNT')
      const res = await call('POST', '/customers/external-accounts', { customerId: CUSTOMER_ID, currency: 'USD', accountInfo: usdInfo })
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({ code: 'DUPLICATE_EXTERNAL_ACCOUNT' })
    })
  })

  it('POST /platform/external-accounts creates a platform account without a customer', async () => {
    const res = await call('POST', '/platform/external-accounts', { currency: 'USD', accountInfo: usdInfo })
    expect(res.status).toBe(201)
    expect(received.request).toMatchObject({ ownerKind: 'PLATFORM', customerId: undefined })
  })

  it('GET lists pass filters and answer the envelope; GET /customers/external-accounts is not a customer id', async () => {
    const res = await call('GET', `/customers/external-accounts?customerId=${CUSTOMER_ID}&currency=USD&limit=5`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(pageJson)
    expect(received.request).toMatchObject({ ownerKind: 'CUSTOMER', customerId: CUSTOMER_ID, currency: 'USD', limit: 5 })
    await call('GET', '/platform/external-accounts')
    expect(received.request).toMatchObject({ ownerKind: 'PLATFORM', limit: 20 })
  })

  it('GET and DELETE one account, with the owner kind of the prefix', async () => {
    expect(await (await call('GET', `/platform/external-accounts/${ACCOUNT_ID}`)).text()).toBe(externalAccountJson)
    expect(received.request).toEqual({ ownerKind: 'PLATFORM', externalAccountId: ACCOUNT_ID })
    expect((await call('DELETE', `/customers/external-accounts/${ACCOUNT_ID}`)).status).toBe(204)
    failWith = new ApiError('BENEFICIARY_TRUSTED')
    expect((await call('DELETE', `/customers/external-accounts/${ACCOUNT_ID}`)).status).toBe(409)
  })

  it('trust and untrust steps answer the challenge and the trust flag', async () => {
    const start = await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/trust`)
    expect(await start.json()).toEqual({
      scaChallenge: { id: 'ScaChallenge:1', expiresAt: '2025-10-21T12:05:00.000Z', factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] },
    })
    const confirm = await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/trust/confirm`, { challengeId: 'ScaChallenge:1', code: '123456' })
    expect(await confirm.json()).toEqual({ trusted: true })
    expect(received.request).toEqual({ externalAccountId: ACCOUNT_ID, proof: { challengeId: 'ScaChallenge:1', code: '123456' } })
    expect(await (await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/untrust`)).json()).toEqual({})
    expect(await (await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/untrust/confirm`, { code: '123456' })).json()).toEqual({ trusted: false })
    const noProof = await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/trust/confirm`, { challengeId: 'x' })
    expect(((await noProof.json()) as ErrorJson).details.errors).toEqual([expect.objectContaining({ field: 'code' })])
  })

  it('ownership challenge and verify', async () => {
    const challenge = await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/challenge`, { method: 'WALLET_SIGNATURE' })
    expect(challenge.status).toBe(201)
    expect(await challenge.json()).toEqual({ method: 'WALLET_SIGNATURE', messageToSign: 'sign me', expiresAt: '2025-10-21T12:05:00.000Z' })
    const verify = await call('POST', `/platform/external-accounts/${ACCOUNT_ID}/verify`, { signature: '0xabc' })
    expect(await verify.text()).toBe(verifiedJson)
    expect(received.request).toMatchObject({ ownerKind: 'PLATFORM', signature: '0xabc' })
    expect((await call('POST', `/customers/external-accounts/${ACCOUNT_ID}/challenge`, { method: 'SELFIE' })).status).toBe(400)
  })

  it('refuses writes to a VIEW token and lets it read', async () => {
    held = ['VIEW']
    expect((await call('GET', '/customers/external-accounts')).status).toBe(200)
    const res = await call('POST', '/customers/external-accounts', { customerId: CUSTOMER_ID, currency: 'USD', accountInfo: usdInfo })
    expect(res.status).toBe(403)
    expect((await call('DELETE', `/platform/external-accounts/${ACCOUNT_ID}`)).status).toBe(403)
  })

  it('documents every route in a valid OpenAPI document, account types as a discriminated union', async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as Record<string, any>
    const validation = await new Validator().validate(document)
    expect(validation.errors).toBeUndefined()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/customers/external-accounts',
        '/customers/external-accounts/{externalAccountId}',
        '/customers/external-accounts/{externalAccountId}/trust/confirm',
        '/platform/external-accounts/{externalAccountId}/verify',
      ]),
    )
    const info = document.components.schemas.ExternalAccountInfo
    expect(info.discriminator.propertyName).toBe('accountType')
    expect(info.oneOf).toHaveLength(49)
  })
})
