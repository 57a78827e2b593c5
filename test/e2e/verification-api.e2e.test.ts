import { randomBytes } from 'node:crypto'
import { jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, ensureEventsStream, EVENTS_STREAM, type EventEnvelope, type RunningConsumer } from '@pp/events'
import { waitUntil } from '@pp/testing'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, connectMeshNats, meshEventVerifier, type Credentials, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'

/**
 * Verification end to end through the gateway: POST /verifications with the sandbox rules,
 * documents and beneficial owners, hosted links, contact verification and bulk import, with the
 * events they publish.
 */
let mesh: Mesh
let nats: NatsConnection
let consumer: RunningConsumer
let credentials: Credentials
let api: ReturnType<typeof apiClient>
const durableName = `e2e-verification-${randomBytes(4).toString('hex')}`
const events: EventEnvelope[] = []
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

beforeAll(async () => {
  mesh = sharedMesh()
  credentials = await mesh.createPlatform(`e2e-verification-${durableName}`)
  api = apiClient(mesh, credentials)
  nats = await connectMeshNats(mesh, durableName)
  await ensureEventsStream(nats)
  consumer = await consumeEvents({
    nats,
    durableName,
    filterSubject: 'events.customers.>',
    startTime: new Date(),
    logger: pino({ level: 'silent' }),
    verifier: meshEventVerifier(mesh, pino({ level: 'silent' })),
    handle: async (event) => {
      if (event.platformId === credentials.platformId) events.push(event)
    },
  })
}, 120_000)

afterAll(async () => {
  await consumer?.stop()
  await (await jetstreamManager(nats)).consumers.delete(EVENTS_STREAM, durableName).catch(() => undefined)
  await nats?.drain()
  await mesh?.stop()
})

/** A multipart request with the platform's credentials. */
async function upload(method: string, path: string, fields: Record<string, string>, file: { name: string; type: string; content: Buffer }) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  form.set('file', new File([new Uint8Array(file.content)], file.name, { type: file.type }))
  const authorization = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`
  const response = await fetch(`${mesh.baseUrl}${path}`, { method, headers: { authorization }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

const pdf = (name = 'doc.pdf') => ({ name, type: 'application/pdf', content: PDF })
const eventTypesOf = (id: string) => events.filter((e) => (e.data as { id?: string; customerId?: string }).id === id || (e.data as { customerId?: string }).customerId === id).map((e) => e.type)

describe('verification through the gateway', () => {
  it('resolves errors, takes the missing document, approves and publishes CUSTOMER.KYC_APPROVED', async () => {
    const customer = (await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', birthDate: '1990-12-10', nationality: 'GB', address: { line1: '1 St James', postalCode: 'SW1', country: 'GB' } })).body
    const first = await api('POST', '/verifications', { customerId: customer.id })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ verificationStatus: 'RESOLVE_ERRORS', errors: [{ type: 'MISSING_IDENTITY_DOCUMENT', acceptedDocumentTypes: ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] }] })
    expect((await upload('POST', '/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'GB' }, pdf('passport.pdf'))).status).toBe(201)
    const second = await api('POST', '/verifications', { customerId: customer.id })
    expect(second.body.verificationStatus).toBe('APPROVED')
    expect((await api('GET', `/verifications/${second.body.id}`)).body).toEqual(second.body)
    expect((await api('GET', `/customers/${customer.id}`)).body.kycStatus).toBe('APPROVED')
    await waitUntil(async () => eventTypesOf(customer.id).includes('CUSTOMER.KYC_APPROVED'), 'CUSTOMER.KYC_APPROVED')
    expect(eventTypesOf(customer.id).filter((t) => t.startsWith('CUSTOMER.KYC_'))).toEqual(['CUSTOMER.KYC_APPROVED'])
  })

  it('answers MISSING_MANDATORY_USER_INFO without a name and VERIFICATION_NOT_FOUND for an unknown id', async () => {
    const customer = (await api('POST', '/customers', { customerType: 'INDIVIDUAL' })).body
    expect((await api('POST', '/verifications', { customerId: customer.id })).body.code).toBe('MISSING_MANDATORY_USER_INFO')
    expect((await api('GET', '/verifications/Verification:0198e1a0-0000-7000-8000-000000000000')).status).toBe(404)
  })

  it('verifies a business with its owners and documents', async () => {
    const company = (
      await api('POST', '/customers', {
        customerType: 'BUSINESS',
        address: { line1: '9 Dock St', postalCode: '10001', country: 'US' },
        businessInfo: { legalName: 'Acme', country: 'US', taxId: '47-1', incorporatedOn: '2018-03-14', registrationNumber: 'R-004', countriesOfOperation: ['US'] },
      })
    ).body
    const person = (roles: string[], ownershipPercentage: number) => ({
      customerId: company.id,
      roles,
      ownershipPercentage,
      personalInfo: { firstName: roles[0]!, lastName: 'X', birthDate: '1980-01-01', nationality: 'US', address: { line1: '1 A St', postalCode: '10001', country: 'US' }, idType: 'SSN', identifier: '123-45-6789' },
    })
    for (const [roles, share] of [[['CONTROL_PERSON'], 0], [['UBO'], 51]] as const) {
      const owner = await api('POST', '/beneficial-owners', person([...roles], share))
      expect(owner.status).toBe(201)
      await upload('POST', '/documents', { documentHolder: owner.body.id, documentType: 'PASSPORT', country: 'US' }, pdf())
    }
    for (const documentType of ['ARTICLES_OF_INCORPORATION', 'SHAREHOLDER_REGISTER', 'BANK_STATEMENT']) {
      expect((await upload('POST', '/documents', { documentHolder: company.id, documentType, country: 'US' }, pdf())).status).toBe(201)
    }
    expect((await api('POST', '/verifications', { customerId: company.id })).body.verificationStatus).toBe('APPROVED')
    expect((await api('GET', `/customers/${company.id}`)).body.kybStatus).toBe('APPROVED')
    expect((await api('GET', `/beneficial-owners?customerId=${encodeURIComponent(company.id)}`)).body).toMatchObject({ totalCount: 2 })
  })

  it('keeps one document per type: POST again is 409, PUT replaces; rejections and unknown holders answer 400 and 404', async () => {
    const customer = (await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Doc Holder' })).body
    const fields = { documentHolder: customer.id, documentType: 'NATIONAL_ID', country: 'US' }
    const stored = await upload('POST', '/documents', fields, pdf('id.pdf'))
    expect((await upload('POST', '/documents', fields, pdf('id.pdf'))).body.code).toBe('DOCUMENT_ALREADY_EXISTS')
    const replaced = await upload('PUT', `/documents/${stored.body.id}`, { documentType: 'NATIONAL_ID', country: 'US' }, pdf('id-new.pdf'))
    expect(replaced.body).toMatchObject({ id: stored.body.id, fileName: 'id-new.pdf' })
    const rejected = await upload('POST', '/documents', { ...fields, documentType: 'PASSPORT' }, pdf('passport_EXPIRED.pdf'))
    expect([rejected.status, rejected.body.code]).toEqual([400, 'EXPIRED'])
    const stranger = await upload('POST', '/documents', { ...fields, documentHolder: 'Customer:0198e1a0-0000-7000-8000-000000000000' }, pdf())
    expect([stranger.status, stranger.body.code]).toEqual([404, 'DOCUMENT_HOLDER_NOT_FOUND'])
  })

  it('gates an EU customer’s hosted link on contact verification, and answers 409 to others', async () => {
    const eu = (await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Eu Person', region: 'DE', email: 'e@example.de', phoneNumber: '+4915112345678' })).body
    expect(eu.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' })
    expect((await api('POST', `/customers/${eu.id}/kyc-link`, {})).status).toBe(409)
    for (const path of ['verify-email', 'verify-phone']) {
      expect((await api('POST', `/customers/${eu.id}/${path}`)).status).toBe(204)
      expect((await api('POST', `/customers/${eu.id}/${path}/confirm`, { code: '000000' })).status).toBe(400)
      expect((await api('POST', `/customers/${eu.id}/${path}/confirm`, { code: '123456' })).status).toBe(200)
    }
    const link = await api('POST', `/customers/${eu.id}/kyc-link`, { redirectUri: 'https://platform.example.com/back' }, { 'Idempotency-Key': `link-${eu.id}` })
    expect(link.status).toBe(201)
    expect(link.body).toMatchObject({ provider: 'SUMSUB', kycUrl: expect.stringContaining('/hosted/kyc/') })
    expect((await api('POST', `/customers/${eu.id}/kyc-link`, { redirectUri: 'https://platform.example.com/back' }, { 'Idempotency-Key': `link-${eu.id}` })).body).toEqual(link.body)
    expect((await api('POST', `/customers/${eu.id}/kyc-link`, {})).body.kycUrl).not.toBe(link.body.kycUrl)
    expect((await api('POST', `/customers/${eu.id}/kyc-link`, { redirectUri: 'http://platform.example.com/back' })).status).toBe(400)
    expect((await api('POST', '/customers/Customer:0198e1a0-0000-7000-8000-000000000000/kyc-link', {})).status).toBe(404)

    const us = (await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Us Person', region: 'US', email: 'u@example.com' })).body
    expect((await api('POST', `/customers/${us.id}/verify-email`)).status).toBe(409)
  })

  it('imports customers from a CSV as a job with per-row errors and BULK_UPLOAD.COMPLETED', async () => {
    const csv = [
      'platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country',
      'csv-1,INDIVIDUAL,Row One,1990-01-01,1 Main,Austin,TX,78701,US',
      'csv-2,INDIVIDUAL,Row Two,bad-date,2 Main,Austin,TX,78701,US',
    ].join('\n')
    const accepted = await upload('POST', '/customers/bulk/csv', {}, { name: 'customers.csv', type: 'text/csv', content: Buffer.from(csv) })
    expect(accepted).toMatchObject({ status: 202, body: { status: 'PENDING' } })
    const jobId = accepted.body.jobId as string
    await waitUntil(async () => (await api('GET', `/customers/bulk/jobs/${jobId}`)).body.status === 'COMPLETED', 'the import to complete')
    expect((await api('GET', `/customers/bulk/jobs/${jobId}`)).body).toMatchObject({
      progress: { total: 2, processed: 2, successful: 1, failed: 1 },
      errors: [{ correlationId: 'row_2', code: 'INVALID_INPUT' }],
    })
    await waitUntil(async () => events.some((e) => e.type === 'BULK_UPLOAD.COMPLETED' && (e.data as { id: string }).id === jobId), 'BULK_UPLOAD.COMPLETED')
  })
})
