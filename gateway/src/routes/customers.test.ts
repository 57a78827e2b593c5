import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import {
  CustomersServiceClient,
  CustomersServiceService,
  type CreateCustomerRequest,
  type ListCustomersRequest,
  type UpdateCustomerRequest,
} from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerCustomerRoutes } from './customers.js'

const logger = createLogger('customers-routes-test', 'silent')
const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1' }
const auth = { Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`, 'Content-Type': 'application/json' }

const termsConsent = { type: 'SERVICE_END_USER_TERMS', termsVersion: '2025-10-13', acceptanceMethod: 'CHECKBOX' }

/** The customer as the customers service answers it: the API's JSON, which the gateway sends on as it is. */
const storedCustomer = {
  id: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  customerType: 'INDIVIDUAL',
  platformCustomerId: 'ind-1',
  fullName: 'Jane Doe',
  address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
  kycStatus: 'APPROVED',
  agreementConsents: [{ ...termsConsent, acceptedAt: '2025-10-14T10:00:00.000Z', ipAddress: '198.51.100.24' }],
  createdAt: '2025-10-14T10:00:01.000Z',
  updatedAt: '2025-10-14T10:00:01.000Z',
  isDeleted: false,
}
const customerJson = JSON.stringify(storedCustomer)

/** What the stub customers service received. */
const received: { request?: unknown; ctx?: HandlerContext } = {}
let failWith: ApiError | undefined
/** The permissions of the calling token; tests narrow them. */
let held: Permission[]

function stubCustomersService() {
  const answer = async <T>(request: unknown, ctx: HandlerContext, response: T): Promise<T> => {
    Object.assign(received, { request, ctx })
    if (failWith) throw failWith
    return response
  }
  return unaryService(logger, {
    createCustomer: (r: CreateCustomerRequest, ctx) => answer(r, ctx, { customerJson }),
    getCustomer: (r: { customerId: string }, ctx) => answer(r, ctx, { customerJson }),
    updateCustomer: (r: UpdateCustomerRequest, ctx) => answer(r, ctx, { customerJson }),
    deleteCustomer: (r: { customerId: string }, ctx) => answer(r, ctx, { customerJson: JSON.stringify({ ...storedCustomer, isDeleted: true }) }),
    listCustomers: (r: ListCustomersRequest, ctx) =>
      answer(r, ctx, { pageJson: JSON.stringify({ data: [storedCustomer], hasMore: true, nextCursor: 'next', totalCount: 7 }) }),
    listEndUserTerms: (r: object, ctx) =>
      answer(r, ctx, { agreements: [{ type: 'SERVICE_END_USER_TERMS', version: '2025-10-13', url: 'https://legal.example/terms' }] }),
  })
}

let server: RunningGrpcServer
let client: CustomersServiceClient
let app: ReturnType<typeof createGatewayApp>

beforeAll(async () => {
  const stub = { name: 'customers', definition: CustomersServiceService, implementation: stubCustomersService() }
  server = await startGrpcServer('127.0.0.1:0', [stub], logger)
  client = createGrpcClient(CustomersServiceClient, `127.0.0.1:${server.port}`)
  app = createGatewayApp({ logger, authenticate: async () => ({ ...principal, permissions: held }), registerRoutes: (api) => registerCustomerRoutes(api, client) })
})
afterAll(async () => {
  client?.close()
  await server?.shutdown()
})
beforeEach(() => {
  failWith = undefined
  held = ['VIEW', 'MANAGE']
  delete received.request
})

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, { method, headers: { ...auth, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })

type ErrorJson = { details: { errors: Array<{ field: string; constraint?: object }> } }
const fieldsOf = async (res: Response) => ((await res.json()) as ErrorJson).details.errors

describe('customer routes', () => {
  describe('POST /customers', () => {
    it('passes the body, tenant and Idempotency-Key to the service and answers 201 with the customer', async () => {
      const body = {
        customerType: 'INDIVIDUAL',
        fullName: 'Jane Doe',
        birthDate: '1990-01-15',
        address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
        agreementConsents: [{ ...termsConsent, acceptedAt: '2025-10-14T10:00:00Z', ipAddress: '2001:db8::1' }],
        kycStatus: 'APPROVED',
      }
      const res = await call('POST', '/customers', body, { 'Idempotency-Key': 'key-1' })
      expect(res.status).toBe(201)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.text()).toBe(customerJson)
      const request = received.request as CreateCustomerRequest
      expect(request.customerType).toBe('INDIVIDUAL')
      expect(request.profile).toMatchObject({ fullName: 'Jane Doe', birthDate: '1990-01-15', address: { country: 'US' } })
      expect(request.agreementConsents[0]).toMatchObject({ ipAddress: '2001:db8::1', acceptedAt: new Date('2025-10-14T10:00:00Z') })
      expect(received.ctx).toMatchObject({ platformId: 'Platform:1', environment: 'SANDBOX', idempotencyKey: 'key-1' })
    })

    it('names every invalid field in dot notation with its constraint', async () => {
      const res = await call('POST', '/customers', {
        customerType: 'INDIVIDUAL',
        email: 'not-an-email',
        birthDate: '15/01/1990',
        address: { line1: '1 Main St', postalCode: '94105', country: 'usa' },
        agreementConsents: [{ ...termsConsent, acceptedAt: 'yesterday', ipAddress: '300.1.1.1', acceptanceMethod: 'NOD' }],
      })
      expect(res.status).toBe(400)
      expect(await fieldsOf(res)).toEqual([
        expect.objectContaining({ field: 'email', constraint: { format: 'email' } }),
        expect.objectContaining({ field: 'address.country', constraint: expect.objectContaining({ format: 'iso3166-1-alpha-2' }) }),
        expect.objectContaining({ field: 'birthDate', constraint: { format: 'date' } }),
        expect.objectContaining({ field: 'agreementConsents.0.acceptedAt', constraint: { format: 'date-time' } }),
        expect.objectContaining({ field: 'agreementConsents.0.ipAddress', constraint: expect.objectContaining({ format: 'ip' }) }),
        expect.objectContaining({ field: 'agreementConsents.0.acceptanceMethod', constraint: { enum: ['CHECKBOX', 'CLICK_TO_ACCEPT'] } }),
      ])
      expect(received.request).toBeUndefined()
    })

    it('requires a known customerType and a business’s required details', async () => {
      expect(await fieldsOf(await call('POST', '/customers', { fullName: 'x' }))).toEqual([expect.objectContaining({ field: 'customerType' })])
      const res = await call('POST', '/customers', { customerType: 'BUSINESS', businessInfo: { legalName: 'Acme' } })
      expect((await fieldsOf(res)).map((e) => e.field)).toEqual(['businessInfo.country', 'businessInfo.incorporatedOn', 'businessInfo.taxId'])
    })

    it('answers with the service’s error', async () => {
      failWith = new ApiError('CONFLICT', 'platformCustomerId is already used by an active customer', { field: 'platformCustomerId' })
      const res = await call('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'dup' })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({
        status: 409, code: 'CONFLICT', message: failWith.message, reason: failWith.message, details: { field: 'platformCustomerId' },
      })
    })
  })

  describe('PATCH /customers/{customerId}', () => {
    it('sends only the fields given, with the path id', async () => {
      const res = await call('PATCH', `/customers/${storedCustomer.id}`, { customerType: 'BUSINESS', businessInfo: { taxId: '99-1' } })
      expect(res.status).toBe(200)
      const request = received.request as UpdateCustomerRequest
      expect(request).toMatchObject({ customerId: storedCustomer.id, customerType: 'BUSINESS' })
      expect(request.profile?.businessInfo).toMatchObject({ taxId: '99-1', legalName: undefined })
    })

    it('requires customerType', async () => {
      const res = await call('PATCH', `/customers/${storedCustomer.id}`, { email: 'a@example.com' })
      expect(await fieldsOf(res)).toEqual([expect.objectContaining({ field: 'customerType' })])
    })

    it('answers 410 CUSTOMER_DELETED from the service', async () => {
      failWith = new ApiError('CUSTOMER_DELETED')
      expect((await call('PATCH', `/customers/${storedCustomer.id}`, { customerType: 'INDIVIDUAL' })).status).toBe(410)
    })
  })

  it('GET /customers passes filters and answers the list envelope', async () => {
    const res = await call('GET', '/customers?limit=5&customerType=BUSINESS&isIncludingDeleted=true&createdAfter=2025-01-01T00:00:00Z&currency=USDC')
    expect(res.status).toBe(200)
    const page = (await res.json()) as { data: unknown[]; hasMore: boolean; nextCursor: string; totalCount: number }
    expect(page).toMatchObject({ hasMore: true, nextCursor: 'next', totalCount: 7 })
    expect(page.data).toHaveLength(1)
    expect(received.request).toMatchObject({
      limit: 5,
      customerType: 'BUSINESS',
      isIncludingDeleted: true,
      currency: 'USDC',
      createdAfter: new Date('2025-01-01T00:00:00Z'),
    })
    expect((await call('GET', '/customers?limit=101')).status).toBe(400)
  })

  it('GET /customers/{customerId} and DELETE answer the customer', async () => {
    expect(await (await call('GET', `/customers/${storedCustomer.id}`)).json()).toMatchObject({ id: storedCustomer.id })
    expect(received.request).toEqual({ customerId: storedCustomer.id })
    expect(await (await call('DELETE', `/customers/${storedCustomer.id}`)).json()).toMatchObject({ isDeleted: true })
  })

  it('GET /customers/end-user-terms lists the agreements, the End User Terms also at the top level', async () => {
    const res = await call('GET', '/customers/end-user-terms')
    expect(await res.json()).toEqual({
      version: '2025-10-13',
      url: 'https://legal.example/terms',
      agreements: [{ type: 'SERVICE_END_USER_TERMS', version: '2025-10-13', url: 'https://legal.example/terms' }],
    })
  })

  describe('permissions', () => {
    const customerPath = `/customers/${storedCustomer.id}`
    const reads = ['/customers', '/customers/end-user-terms', customerPath]
    const writes = [
      ['POST', '/customers', { customerType: 'INDIVIDUAL' }],
      ['PATCH', customerPath, { customerType: 'INDIVIDUAL' }],
      ['DELETE', customerPath, undefined],
    ] as const

    it.each(reads)('lets a VIEW token read %s', async (path) => {
      held = ['VIEW']
      expect((await call('GET', path)).status).toBe(200)
    })

    it.each(writes)('refuses %s %s to a VIEW token with 403 naming MANAGE, without calling the service', async (method, path, body) => {
      held = ['VIEW']
      const res = await call(method, path, body)
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'This API token lacks the MANAGE permission' })
      expect(received.request).toBeUndefined()
    })

    it('lets a MANAGE token read and write', async () => {
      held = ['MANAGE']
      for (const path of reads) expect((await call('GET', path)).status).toBe(200)
      for (const [method, path, body] of writes) expect((await call(method, path, body)).status).toBeLessThan(300)
    })
  })

  it('documents the routes in a valid OpenAPI document', async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as Record<string, any>
    const validation = await new Validator().validate(document)
    expect(validation.errors).toBeUndefined()
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/customers', '/customers/{customerId}', '/customers/end-user-terms']))
    expect(document.components.schemas.CustomerCreateRequest.discriminator.propertyName).toBe('customerType')
  })
})
