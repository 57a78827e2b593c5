import { randomBytes } from 'node:crypto'
import { jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, ensureEventsStream, EVENTS_STREAM, type EventEnvelope, type RunningConsumer } from '@pp/events'
import { waitUntil } from '@pp/testing'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, connectMeshNats, meshEventVerifier, postUnread, type Credentials, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'

/**
 * The first slice of the API end to end: real platform, customers and gateway processes, real
 * Postgres and NATS, spoken to over HTTP as a platform would.
 */
let mesh: Mesh
let nats: NatsConnection
let consumer: RunningConsumer
const durableName = `e2e-customers-${randomBytes(4).toString('hex')}`
const created: EventEnvelope[] = []
let api: ReturnType<typeof apiClient>
let otherPlatformApi: ReturnType<typeof apiClient>
let termsVersion: string
let apiCredentials: Credentials

const consent = (version: string, acceptedAt = '2026-11-01T10:00:00Z') => ({
  type: 'SERVICE_END_USER_TERMS',
  acceptedAt,
  ipAddress: '203.0.113.7',
  termsVersion: version,
  acceptanceMethod: 'CHECKBOX',
})

const individual = (overrides: Record<string, unknown> = {}) => ({
  customerType: 'INDIVIDUAL',
  platformCustomerId: `pc-${randomBytes(6).toString('hex')}`,
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  birthDate: '1990-12-10',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
  agreementConsents: [consent(termsVersion)],
  ...overrides,
})

beforeAll(async () => {
  mesh = sharedMesh()
  const platformA = await mesh.createPlatform(`e2e-a-${durableName}`, { skipVerificationPaperwork: true })
  const platformB = await mesh.createPlatform(`e2e-b-${durableName}`)
  apiCredentials = platformA
  api = apiClient(mesh, platformA)
  otherPlatformApi = apiClient(mesh, platformB)
  termsVersion = (await api('GET', '/customers/end-user-terms')).body.version

  nats = await connectMeshNats(mesh, 'e2e-customers')
  await ensureEventsStream(nats)
  consumer = await consumeEvents({
    nats,
    durableName,
    filterSubject: 'events.customers.CUSTOMER.CREATED',
    logger: pino({ level: 'silent' }),
    verifier: meshEventVerifier(mesh, pino({ level: 'silent' })),
    handle: async (event) => {
      if (event.platformId === platformA.platformId) created.push(event)
    },
  })
}, 120_000)

afterAll(async () => {
  await consumer?.stop()
  await (await jetstreamManager(nats)).consumers.delete(EVENTS_STREAM, durableName).catch(() => undefined)
  await nats?.drain()
  await mesh?.stop()
})

describe('customers through the gateway', () => {
  it('creates a customer with consent, reads it and patches it', async () => {
    const body = individual()
    const create = await api('POST', '/customers', body)
    expect(create.status).toBe(201)
    expect(create.headers.get('x-request-id')).toBeTruthy()
    expect(create.body).toMatchObject({
      id: expect.stringMatching(/^Customer:/),
      customerType: 'INDIVIDUAL',
      platformCustomerId: body.platformCustomerId,
      fullName: 'Ada Lovelace',
      kycStatus: 'APPROVED',
      agreementConsents: [{ type: 'SERVICE_END_USER_TERMS', termsVersion, acceptanceMethod: 'CHECKBOX', ipAddress: '203.0.113.7' }],
    })

    const read = await api('GET', `/customers/${create.body.id}`)
    expect(read.status).toBe(200)
    expect(read.body).toEqual(create.body)

    const patch = await api('PATCH', `/customers/${create.body.id}`, { customerType: 'INDIVIDUAL', email: 'ada@lovelace.example' })
    expect(patch.status).toBe(200)
    expect(patch.body.email).toBe('ada@lovelace.example')
    expect(patch.body.agreementConsents).toEqual(create.body.agreementConsents)
    expect((await api('GET', `/customers/${create.body.id}`)).body.email).toBe('ada@lovelace.example')
  })

  it('lists 25 customers over 3 pages without duplicates', async () => {
    const lister = apiClient(mesh, await mesh.createPlatform(`e2e-list-${durableName}`, { skipVerificationPaperwork: true }))
    for (let i = 0; i < 25; i += 1) expect((await lister('POST', '/customers', individual())).status).toBe(201)
    const seen: string[] = []
    let cursor: string | undefined
    const pageSizes: number[] = []
    do {
      const page = await lister('GET', `/customers?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(page.status).toBe(200)
      expect(page.body.totalCount).toBe(25)
      pageSizes.push(page.body.data.length)
      seen.push(...page.body.data.map((c: { id: string }) => c.id))
      cursor = page.body.hasMore ? page.body.nextCursor : undefined
    } while (cursor)
    expect(pageSizes).toEqual([10, 10, 5])
    expect(new Set(seen).size).toBe(25)
  })

  it('publishes CUSTOMER.CREATED on NATS exactly once', async () => {
    const first = (await api('POST', '/customers', individual())).body
    await waitUntil(async () => created.some((e) => (e.data as { id: string }).id === first.id), 'the created event')
    const sentinel = (await api('POST', '/customers', individual())).body
    await waitUntil(async () => created.some((e) => (e.data as { id: string }).id === sentinel.id), 'the sentinel event')
    const events = created.filter((e) => (e.data as { id: string }).id === first.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: 'CUSTOMER.CREATED', source: 'customers', environment: 'SANDBOX' })
  })
})

describe('errors change nothing', () => {
  let existing: { id: string; platformCustomerId: string }
  let totalBefore: number

  beforeAll(async () => {
    existing = (await api('POST', '/customers', individual())).body
  })

  const total = async () => (await api('GET', '/customers?limit=1')).body.totalCount as number

  it.each([
    ['a missing customerType', () => ({ ...individual(), customerType: undefined }), 400, 'INVALID_INPUT', 'customerType'],
    ['a malformed email', () => individual({ email: 'not-an-email' }), 400, 'INVALID_INPUT', 'email'],
    ['a bad country code', () => individual({ address: { line1: 'x', city: 'y', postalCode: '1', country: 'USA' } }), 400, 'INVALID_INPUT', 'address.country'],
    ['an unknown terms version', () => individual({ agreementConsents: [consent('1999-01-01')] }), 400, 'END_USER_TERMS_VERSION_NOT_FOUND', undefined],
    [
      'both consent forms',
      () => individual({ endUserTermsConsent: { acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion, acceptanceMethod: 'CHECKBOX' } }),
      400,
      'INVALID_INPUT',
      undefined,
    ],
    ['a colliding platformCustomerId', () => individual({ platformCustomerId: existing.platformCustomerId }), 409, 'CONFLICT', undefined],
  ])('rejects %s', async (_name, body, status, code, field) => {
    totalBefore = await total()
    const response = await api('POST', '/customers', body())
    expect(response.status).toBe(status)
    expect(response.body).toMatchObject({ code, reason: expect.any(String), details: expect.any(Object) })
    if (field) expect(response.body.details.errors.map((e: { field: string }) => e.field)).toContain(field)
    expect(await total()).toBe(totalBefore)
  })

  it('answers malformed JSON with 400, an oversized body with 413 and an unknown route with 404', async () => {
    totalBefore = await total()
    const malformed = await api('POST', '/customers', '{"customerType": ')
    expect([malformed.status, malformed.body.code]).toEqual([400, 'INVALID_INPUT'])
    const oversized = await postUnread(mesh, apiCredentials, '/customers', JSON.stringify(individual({ fullName: 'x'.repeat(1024 * 1024) })))
    expect([oversized.status, oversized.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE'])
    const unknown = await api('GET', '/no-such-route')
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND'])
    expect(await total()).toBe(totalBefore)
  })

  it('answers an unknown customer with 404 CUSTOMER_NOT_FOUND', async () => {
    const missing = 'Customer:019a0000-0000-7000-8000-000000000000'
    for (const [method, body] of [['GET'], ['PATCH', { customerType: 'INDIVIDUAL', email: 'x@example.com' }]] as const) {
      const response = await api(method, `/customers/${missing}`, body)
      expect([response.status, response.body.code]).toEqual([404, 'CUSTOMER_NOT_FOUND'])
    }
  })

  it("hides one platform's customers from another", async () => {
    for (const [method, body] of [['GET'], ['PATCH', { customerType: 'INDIVIDUAL', email: 'evil@example.com' }], ['DELETE']] as const) {
      const response = await otherPlatformApi(method, `/customers/${existing.id}`, body)
      expect([response.status, response.body.code]).toEqual([404, 'CUSTOMER_NOT_FOUND'])
    }
    const unchanged = await api('GET', `/customers/${existing.id}`)
    expect(unchanged.body.email).toBe('ada@example.com')
    expect(unchanged.body.isDeleted).toBe(false)
  })
})

describe('authentication', () => {
  it('answers missing credentials, a wrong secret and an unknown client with 401 UNAUTHORIZED', async () => {
    const platform = await mesh.createPlatform(`e2e-auth-${durableName}`)
    for (const request of [
      apiClient(mesh),
      apiClient(mesh, { clientId: platform.clientId, clientSecret: 'wrong' }),
      apiClient(mesh, { clientId: 'no-such-client', clientSecret: platform.clientSecret }),
    ]) {
      const response = await request('GET', '/customers')
      expect([response.status, response.body.code]).toEqual([401, 'UNAUTHORIZED'])
      expect(response.body.reason).toEqual(expect.any(String))
    }
  })

  it('keeps sandbox and production apart', async () => {
    const platform = await mesh.createPlatform(`e2e-env-${durableName}`, { skipVerificationPaperwork: true })
    const sandboxCustomer = (await apiClient(mesh, platform)('POST', '/customers', individual())).body
    const production = await apiClient(mesh, platform.production)('GET', `/customers/${sandboxCustomer.id}`)
    expect([production.status, production.body.code]).toEqual([404, 'CUSTOMER_NOT_FOUND'])
  })

  it('refuses a deleted token at once', async () => {
    const token = await api('POST', '/tokens', { name: 'short-lived', permissions: ['VIEW'] })
    expect(token.status).toBe(201)
    const withToken = apiClient(mesh, { clientId: token.body.clientId, clientSecret: token.body.clientSecret })
    expect((await withToken('GET', '/customers')).status).toBe(200)
    expect((await api('DELETE', `/tokens/${token.body.id}`)).status).toBe(204)
    const after = await withToken('GET', '/customers')
    expect([after.status, after.body.code]).toEqual([401, 'UNAUTHORIZED'])
  })
})

describe('sandbox verification at creation', () => {
  it('approves by the fullName suffix rule only where paperwork is skipped, and never a business', async () => {
    const suffixed = await api('POST', '/customers', individual({ fullName: 'Ada Lovelace 002' }))
    expect(suffixed.body.kycStatus).toBe('UNVERIFIED')
    const business = await api('POST', '/customers', {
      customerType: 'BUSINESS',
      platformCustomerId: `biz-${randomBytes(4).toString('hex')}`,
      businessInfo: { legalName: 'Acme Inc', country: 'US', incorporatedOn: '2020-01-15', taxId: '12-3456789' },
      agreementConsents: [consent(termsVersion)],
    })
    expect(business.status).toBe(201)
    expect(business.body.kybStatus).toBe('UNVERIFIED')
    const unregulated = await otherPlatformApi('POST', '/customers', individual())
    expect(unregulated.body.kycStatus).toBe('UNVERIFIED')
  })

  it('records platform configuration read back by GET /config', async () => {
    const patch = await api('PATCH', '/config', { webhookEndpoint: 'https://hooks.example.com/payments' })
    expect(patch.status).toBe(200)
    expect((await api('GET', '/config')).body.webhookEndpoint).toBe('https://hooks.example.com/payments')
  })
})
