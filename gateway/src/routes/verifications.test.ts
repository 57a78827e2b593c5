import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { createGatewayApp } from '../gateway-app.js'
import type { VerificationClients } from '../grpc/verification-clients.js'
import { registerVerificationRoutes } from './verifications.js'

const at = new Date('2025-10-30T10:00:00.000Z')
const iso = at.toISOString()
const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1', permissions: ['VIEW', 'MANAGE'] as const }
const auth = { Authorization: basicAuth('client', 'secret') }
const customerId = 'Customer:019542f5-b3e7-1d02-0000-000000000001'

let handlers: Record<string, FakeHandler> = {}
let calls: RecordedCall[] = []
afterEach(() => {
  handlers = {}
  calls = []
})

function app() {
  const client = fakeGrpcClient<never>(new Proxy({}, { get: (_, name) => handlers[String(name)] }), calls)
  const clients = Object.fromEntries(
    ['verifications', 'kycLinks', 'hosted', 'beneficialOwners', 'documents', 'contactVerification', 'bulkImport'].map((k) => [k, client]),
  ) as unknown as VerificationClients
  return createGatewayApp({
    logger: testLogger(),
    authenticate: async () => ({ ...principal, permissions: [...principal.permissions] }),
    registerRoutes: (api) => registerVerificationRoutes(api, clients, { publicBaseUrl: 'https://pay.example.com/' }),
  })
}

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app().request(`/2025-10-13${path}`, {
    method,
    headers: { ...auth, ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  })

describe('POST /customers/{customerId}/kyc-link', () => {
  it('answers 201 with a kycUrl on the public base URL that embeds the redirectUri', async () => {
    handlers.createKycLink = async () => ({ linkToken: 'T'.repeat(43), expiresAt: at, provider: 'SUMSUB', redirectUri: 'http://localhost:4000/done' })
    const res = await call('POST', `/customers/${customerId}/kyc-link`, { redirectUri: 'http://localhost:4000/done' }, { 'Idempotency-Key': 'k1' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      kycUrl: `https://pay.example.com/hosted/kyc/${'T'.repeat(43)}?redirectUri=http%3A%2F%2Flocalhost%3A4000%2Fdone`,
      expiresAt: '2025-10-30T10:00:00.000Z',
      provider: 'SUMSUB',
    })
    expect(calls[0]).toMatchObject({ request: { customerId, redirectUri: 'http://localhost:4000/done' }, ctx: { idempotencyKey: 'k1', platformId: 'Platform:1' } })
  })

  it('takes no body at all', async () => {
    handlers.createKycLink = async () => ({ linkToken: 'x', expiresAt: at, provider: 'SUMSUB' })
    const res = await call('POST', `/customers/${customerId}/kyc-link`)
    expect(res.status).toBe(201)
    expect(((await res.json()) as { kycUrl: string }).kycUrl).toBe('https://pay.example.com/hosted/kyc/x')
  })

  it('refuses a redirectUri that is not a URI, and passes on 404 and 409', async () => {
    expect((await call('POST', `/customers/${customerId}/kyc-link`, { redirectUri: 'not a uri' })).status).toBe(400)
    handlers.createKycLink = async () => {
      throw new ApiError('CONTACT_VERIFICATION_REQUIRED', 'verify first')
    }
    const res = await call('POST', `/customers/${customerId}/kyc-link`, {})
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'CONTACT_VERIFICATION_REQUIRED' })
  })
})

describe('verifications', () => {
  /** The verification as the customers service answers it: the API's JSON, sent on as it is. */
  const verification = {
    id: 'Verification:1',
    customerId,
    verificationStatus: 'RESOLVE_ERRORS',
    errors: [
      { resourceId: customerId, type: 'MISSING_FIELD', field: 'customer.address', reason: 'Address required' },
      { resourceId: customerId, type: 'MISSING_IDENTITY_DOCUMENT', acceptedDocumentTypes: ['PASSPORT'], reason: 'ID required' },
    ],
    createdAt: iso,
    updatedAt: iso,
  }

  it('POST /verifications answers 200 with the errors to resolve', async () => {
    handlers.createVerification = async () => ({ verificationJson: JSON.stringify(verification) })
    const res = await call('POST', '/verifications', { customerId })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual(verification)
    expect(calls[0]!.request).toEqual({ customerId })
  })

  it('GET /verifications/{id} answers the verification', async () => {
    handlers.getVerification = async () => ({ verificationJson: JSON.stringify(verification) })
    const res = await call('GET', '/verifications/Verification:1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(verification)
  })

  it('GET /verifications/{id} passes VERIFICATION_NOT_FOUND on as 404', async () => {
    handlers.getVerification = async () => {
      throw new ApiError('VERIFICATION_NOT_FOUND')
    }
    expect((await call('GET', '/verifications/Verification:2')).status).toBe(404)
    expect(calls[0]!.request).toEqual({ verificationId: 'Verification:2' })
  })

  it('passes MISSING_MANDATORY_USER_INFO on as 400', async () => {
    handlers.createVerification = async () => {
      throw new ApiError('MISSING_MANDATORY_USER_INFO', 'no name')
    }
    expect(await (await call('POST', '/verifications', { customerId })).json()).toMatchObject({ code: 'MISSING_MANDATORY_USER_INFO' })
  })
})

describe('documents', () => {
  const stored = { id: 'Document:1', documentHolder: customerId, documentType: 'PASSPORT', country: 'US', fileName: 'p.pdf', createdAt: iso, updatedAt: iso }
  const documentJson = JSON.stringify(stored)
  const form = (fields: Record<string, string>, file = new File(['%PDF-1.4'], 'p.pdf', { type: 'application/pdf' })) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.set(k, v)
    body.set('file', file)
    return body
  }

  it('uploads a multipart file as the DocumentUpload message', async () => {
    handlers.uploadDocument = async () => ({ documentJson })
    const res = await call('POST', '/documents', form({ documentHolder: customerId, documentType: 'PASSPORT', country: 'US' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual(stored)
    const { document } = calls[0]!.request
    expect(document).toMatchObject({ documentHolder: customerId, documentType: 'PASSPORT', fileName: 'p.pdf', contentType: 'application/pdf' })
    expect(Buffer.from(document.content).toString()).toBe('%PDF-1.4')
  })

  it('replaces a document keeping its id, and lists a page as the service answers it', async () => {
    handlers.replaceDocument = async () => ({ documentJson })
    const res = await call('PUT', '/documents/Document:1', form({ documentType: 'PASSPORT', country: 'US', side: 'FRONT' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(stored)
    expect(calls[0]!.request).toMatchObject({ documentId: 'Document:1', document: { documentType: 'PASSPORT', side: 'FRONT', fileName: 'p.pdf' } })
    const page = { data: [stored], hasMore: false, totalCount: 1 }
    handlers.listDocuments = async () => ({ pageJson: JSON.stringify(page) })
    expect(await (await call('GET', `/documents?documentHolder=${customerId}&limit=5`)).json()).toEqual(page)
    expect(calls[1]!.request).toMatchObject({ documentHolder: customerId, limit: 5 })
  })

  it('refuses an unknown document type and a missing file with 400', async () => {
    expect((await call('POST', '/documents', form({ documentHolder: customerId, documentType: 'SELFIE_STICK', country: 'US' }))).status).toBe(400)
    const noFile = new FormData()
    noFile.set('documentHolder', customerId)
    expect((await call('POST', '/documents', noFile)).status).toBe(400)
  })

  it('passes DOCUMENT_ALREADY_EXISTS on as 409 and a sandbox rejection as 400 with its reason code', async () => {
    handlers.uploadDocument = async () => {
      throw new ApiError('DOCUMENT_ALREADY_EXISTS')
    }
    expect((await call('POST', '/documents', form({ documentHolder: customerId, documentType: 'PASSPORT', country: 'US' }))).status).toBe(409)
    handlers.replaceDocument = async () => {
      throw new ApiError('SUSPECTED_FRAUD', 'rejected')
    }
    const res = await call('PUT', '/documents/Document:1', form({ documentType: 'PASSPORT', country: 'US' }))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'SUSPECTED_FRAUD' })
  })

  it('deletes with 204', async () => {
    handlers.deleteDocument = async () => ({})
    expect((await call('DELETE', '/documents/Document:1')).status).toBe(204)
  })
})

describe('beneficial owners', () => {
  const personalInfo = {
    firstName: 'Ann',
    lastName: 'Owner',
    birthDate: '1980-01-01',
    nationality: 'US',
    address: { line1: '1 Main', postalCode: '10001', country: 'US' },
    idType: 'SSN',
    identifier: '123-45-6789',
  }

  const { identifier: _, ...shown } = personalInfo
  const owner = { id: 'BeneficialOwner:1', customerId, roles: ['UBO'], ownershipPercentage: 30, personalInfo: shown, kycStatus: 'UNVERIFIED', createdAt: iso, updatedAt: iso }
  const beneficialOwnerJson = JSON.stringify(owner)

  it('creates an owner, sending the identifier and answering the owner as the service shows it', async () => {
    handlers.createBeneficialOwner = async () => ({ beneficialOwnerJson })
    const res = await call('POST', '/beneficial-owners', { customerId, roles: ['UBO'], ownershipPercentage: 30, personalInfo })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual(owner)
    expect(calls[0]!.request).toMatchObject({ customerId, owner: { roles: ['UBO'], ownershipPercentage: 30, personalInfo: { identifier: '123-45-6789' } } })
  })

  it('updates only what is sent, and lists a page', async () => {
    handlers.updateBeneficialOwner = async () => ({ beneficialOwnerJson })
    const res = await call('PATCH', '/beneficial-owners/BeneficialOwner:1', { ownershipPercentage: 30 })
    expect(await res.json()).toEqual(owner)
    expect(calls[0]!.request).toMatchObject({ beneficialOwnerId: 'BeneficialOwner:1', changes: { roles: [], ownershipPercentage: 30 } })
    const page = { data: [owner], hasMore: true, nextCursor: 'c2', totalCount: 3 }
    handlers.listBeneficialOwners = async () => ({ pageJson: JSON.stringify(page) })
    expect(await (await call('GET', `/beneficial-owners?customerId=${customerId}&limit=1`)).json()).toEqual(page)
  })

  it('refuses an ownership over 100% with 400', async () => {
    expect((await call('POST', '/beneficial-owners', { customerId, roles: ['UBO'], ownershipPercentage: 101, personalInfo })).status).toBe(400)
  })
})

describe('contact verification and bulk import', () => {
  it('sends a code with 204 and confirms it with the customer', async () => {
    handlers.sendContactVerificationCode = async () => ({})
    expect((await call('POST', `/customers/${customerId}/verify-phone`)).status).toBe(204)
    expect(calls[0]!.request).toEqual({ customerId, channel: 'PHONE' })
    handlers.confirmContactVerification = async () => ({
      customerJson: JSON.stringify({ id: customerId, customerType: 'INDIVIDUAL', agreementConsents: [], kycStatus: 'UNVERIFIED', contactVerification: { email: 'VERIFIED', phone: 'PENDING' } }),
    })
    const res = await call('POST', `/customers/${customerId}/verify-email/confirm`, { code: '123456' })
    expect(await res.json()).toMatchObject({ contactVerification: { email: 'VERIFIED', phone: 'PENDING' } })
    expect(calls[1]!.request).toEqual({ customerId, channel: 'EMAIL', code: '123456' })
  })

  it('accepts a CSV with 202 and shows the job', async () => {
    handlers.startCustomerImport = async () => ({ acceptedJson: JSON.stringify({ jobId: 'Job:1', status: 'PENDING' }) })
    const body = new FormData()
    body.set('file', new File(['platformCustomerId,customerType\n'], 'c.csv', { type: 'text/csv' }))
    const res = await call('POST', '/customers/bulk/csv', body)
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ jobId: 'Job:1', status: 'PENDING' })
    const job = {
      id: 'Job:1',
      status: 'COMPLETED',
      progress: { total: 1, processed: 1, successful: 0, failed: 1 },
      errors: [{ correlationId: 'row_1', code: 'INVALID_INPUT', message: 'bad', details: { errors: [] } }],
      completedAt: iso,
    }
    handlers.getCustomerImportJob = async () => ({ jobJson: JSON.stringify(job) })
    expect(await (await call('GET', '/customers/bulk/jobs/Job:1')).json()).toEqual(job)
  })
})

describe('the OpenAPI document of these routes', () => {
  it('is valid OpenAPI 3.1 and names every operation with its permission', async () => {
    const document = (await (await app().request('/2025-10-13/openapi.json')).json()) as Record<string, any>
    expect((await new Validator().validate(document)).errors).toBeUndefined()
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/verifications', '/verifications/{verificationId}', '/customers/{customerId}/kyc-link', '/beneficial-owners',
        '/beneficial-owners/{beneficialOwnerId}', '/documents', '/documents/{documentId}', '/customers/{customerId}/verify-email',
        '/customers/{customerId}/verify-phone/confirm', '/customers/bulk/csv', '/customers/bulk/jobs/{jobId}',
      ]),
    )
    const operations = Object.values(document.paths).flatMap((path: any) => Object.values(path)) as Array<Record<string, unknown>>
    expect(operations.every((op) => op['x-required-permission'])).toBe(true)
    expect(document.paths['/documents'].post.requestBody.content['multipart/form-data'].schema.$ref).toBe('#/components/schemas/DocumentUploadRequest')
  })
})
