import { ApiError } from '@pp/errors'
import { afterEach, describe, expect, it } from 'vitest'
import { testLogger } from '../../test/support/framework-app.js'
import { fakeGrpcClient, type FakeHandler, type RecordedCall } from '../../test/support/fake-grpc-client.js'
import { createGatewayApp } from '../gateway-app.js'
import { registerHostedKycPages } from './kyc-pages.js'

const token = 'A'.repeat(43)
const customerId = 'Customer:019542f5-b3e7-1d02-0000-000000000001'
const person = { id: customerId, customerType: 'INDIVIDUAL', fullName: 'Ada <b>Lovelace</b>', nationality: 'GB' }
const company = { id: customerId, customerType: 'BUSINESS', businessInfo: { legalName: 'Acme Ltd', countriesOfOperation: ['US', 'GB'] } }
const openSession = (customer: object = person, onFile: { owners?: object[]; documents?: object[] } = {}) => ({
  state: 'OPEN',
  customerJson: JSON.stringify(customer),
  beneficialOwnersJson: (onFile.owners ?? []).map((owner) => JSON.stringify(owner)),
  documentsJson: (onFile.documents ?? []).map((document) => JSON.stringify(document)),
  missing: [],
  redirectUri: 'http://127.0.0.1:9000/back',
})
const verificationJson = (verificationStatus: string, errors: object[] = []) =>
  JSON.stringify({ id: 'Verification:1', customerId, verificationStatus, errors, createdAt: '2025-10-30T10:00:00.000Z' })

let handlers: Record<string, FakeHandler> = {}
let calls: RecordedCall[] = []
afterEach(() => {
  handlers = {}
  calls = []
})

function app() {
  const gateway = createGatewayApp({ logger: testLogger(), authenticate: async () => { throw new Error('no API auth here') }, registerRoutes: () => undefined })
  registerHostedKycPages(gateway, fakeGrpcClient(new Proxy({}, { get: (_, name) => handlers[String(name)] }), calls), testLogger())
  return gateway
}

const form = (fields: Record<string, string | File>) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return body
}

describe('GET /hosted/kyc/{token}', () => {
  it('renders the first step prefilled and escaped, with no Basic auth and protective headers', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession() })
    const res = await app().request(`/hosted/kyc/${token}`)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('value="Ada &lt;b&gt;Lovelace&lt;/b&gt;"')
    expect(page).toContain(`action="/hosted/kyc/${token}/details"`)
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(calls[0]).toMatchObject({ method: 'getHostedKycSession', request: { linkToken: token } })
  })

  it('prefills a business with the company details on file', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession(company) })
    const page = await (await app().request(`/hosted/kyc/${token}`)).text()
    expect(page).toContain('value="Acme Ltd"')
    expect(page).toContain('value="US, GB"')
    expect(page).toContain('Control person and owners')
  })

  it('lists the people and documents on file, marking a person without an identity document', async () => {
    const owner = (id: string, firstName: string) => ({ id, customerId, roles: ['UBO'], ownershipPercentage: 30, personalInfo: { firstName, lastName: 'Owner' }, kycStatus: 'UNVERIFIED' })
    const document = (documentHolder: string, documentType: string, fileName: string) => ({ id: `Document:${fileName}`, documentHolder, documentType, country: 'US', fileName })
    const onFile = {
      owners: [owner('BeneficialOwner:1', 'Ann'), owner('BeneficialOwner:2', 'Bo')],
      documents: [document('BeneficialOwner:1', 'PASSPORT', 'ann.pdf'), document(customerId, 'UTILITY_BILL', 'bill.pdf')],
    }
    handlers.getHostedKycSession = async () => ({ session: openSession(company, onFile) })
    const people = await (await app().request(`/hosted/kyc/${token}/people`)).text()
    expect(people).toMatch(/Ann Owner — UBO, 30%\s*<\/li>/)
    expect(people).toMatch(/Bo Owner — UBO, 30%\s*<strong>\(identity document missing\)<\/strong>/)
    const documents = await (await app().request(`/hosted/kyc/${token}/documents`)).text()
    expect(documents).toContain('utility bill: bill.pdf')
  })

  it.each([
    ['USED', 'already been used'],
    ['EXPIRED', 'expired'],
  ])('shows a %s link as an error page', async (state, text) => {
    handlers.getHostedKycSession = async () => ({ session: { state, beneficialOwnersJson: [], documentsJson: [], missing: [] } })
    const res = await app().request(`/hosted/kyc/${token}`)
    expect(res.status).toBe(410)
    expect(await res.text()).toContain(text)
  })

  it('shows an unknown link as not valid', async () => {
    handlers.getHostedKycSession = async () => {
      throw new ApiError('NOT_FOUND')
    }
    const res = await app().request('/hosted/kyc/nope')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('not valid')
  })
})

describe('POST /hosted/kyc/{token}/{step}', () => {
  it('saves the details and moves on to the documents', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession() })
    handlers.saveHostedKycProfile = async () => ({})
    const fields = { fullName: 'Ada Lovelace', birthDate: '1815-12-10', nationality: 'gb', 'address.line1': '1 St James', 'address.postalCode': 'SW1', 'address.country': 'gb', 'address.line2': '' }
    const res = await app().request(`/hosted/kyc/${token}/details`, { method: 'POST', body: form(fields) })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/hosted/kyc/${token}/documents`)
    const saved = calls.find((c) => c.method === 'saveHostedKycProfile')!.request
    expect(saved.profile).toMatchObject({ fullName: 'Ada Lovelace', nationality: 'GB', address: { line1: '1 St James', country: 'GB' } })
    expect(saved.profile.address.line2).toBeUndefined()
  })

  it('shows the field errors of a refused step on the same step', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession() })
    handlers.saveHostedKycProfile = async () => {
      throw new ApiError('INVALID_INPUT', 'Request validation failed', { errors: [{ field: 'birthDate', message: 'must be a date YYYY-MM-DD' }] })
    }
    const res = await app().request(`/hosted/kyc/${token}/details`, { method: 'POST', body: form({ birthDate: 'soon' }) })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('birthDate: must be a date YYYY-MM-DD')
  })

  it('uploads the chosen identity document and skips an empty file input', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession() })
    handlers.uploadHostedKycDocument = async () => ({})
    const file = new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })
    const res = await app().request(`/hosted/kyc/${token}/documents`, { method: 'POST', body: form({ documentCountry: 'GB', 'identity.type': 'PASSPORT', 'identity.file': file }) })
    expect(res.headers.get('location')).toBe(`/hosted/kyc/${token}/review`)
    expect(calls.find((c) => c.method === 'uploadHostedKycDocument')!.request.document).toMatchObject({
      documentHolder: customerId,
      documentType: 'PASSPORT',
      country: 'GB',
      fileName: 'passport.pdf',
    })
    calls = []
    await app().request(`/hosted/kyc/${token}/documents`, { method: 'POST', body: form({ 'identity.file': new File([], '') }) })
    expect(calls.map((c) => c.method)).toEqual(['getHostedKycSession'])
  })

  it('adds a business owner with the identity document of that owner', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession(company) })
    handlers.addHostedKycBeneficialOwner = async () => ({ beneficialOwnerId: 'BeneficialOwner:9' })
    handlers.uploadHostedKycDocument = async () => ({})
    const fields = { roles: 'UBO', ownershipPercentage: '60', firstName: 'Bo', lastName: 'Owner', 'identity.type': 'NATIONAL_ID', documentCountry: 'US', 'identity.file': new File([new Uint8Array([0xff, 0xd8, 0xff])], 'id.jpg', { type: 'image/jpeg' }) }
    const body = form(fields)
    body.append('roles', 'CONTROL_PERSON')
    const res = await app().request(`/hosted/kyc/${token}/people`, { method: 'POST', body })
    expect(res.headers.get('location')).toBe(`/hosted/kyc/${token}/people`)
    expect(calls.find((c) => c.method === 'addHostedKycBeneficialOwner')!.request.owner).toMatchObject({ roles: ['UBO', 'CONTROL_PERSON'], ownershipPercentage: 60 })
    expect(calls.find((c) => c.method === 'uploadHostedKycDocument')!.request.document.documentHolder).toBe('BeneficialOwner:9')
  })

  it('submits, then sends the customer to the redirectUri', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession() })
    handlers.completeHostedKyc = async () => ({ verificationJson: verificationJson('APPROVED'), redirectUri: 'http://127.0.0.1:9000/back' })
    const res = await app().request(`/hosted/kyc/${token}/review`, { method: 'POST', body: form({}) })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('http://127.0.0.1:9000/back')
  })

  it('lists what is missing when the packet is incomplete', async () => {
    handlers.getHostedKycSession = async () => ({ session: openSession() })
    handlers.completeHostedKyc = async () => ({
      verificationJson: verificationJson('RESOLVE_ERRORS', [{ resourceId: customerId, type: 'MISSING_IDENTITY_DOCUMENT', reason: 'An identity document is required' }]),
    })
    const res = await app().request(`/hosted/kyc/${token}/review`, { method: 'POST', body: form({}) })
    expect(res.status).toBe(422)
    expect(await res.text()).toContain('An identity document is required')
  })
})
