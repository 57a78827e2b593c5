import { callUnary } from '@pp/grpc'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { business, create, customerOf, failure, individual, newTenant, startHarness, type Harness } from './harness.js'
import {
  completeBusinessPacket,
  completeIndividualProfile,
  eventsAbout,
  fromJson,
  listDocuments,
  listOwners,
  upload,
  uploadDocument,
  verificationClients,
  verify,
  type VerificationClients,
} from './verification-helpers.js'

let h: Harness
let c: VerificationClients

beforeAll(async () => {
  h = await startHarness('verifications')
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
})

const kycStatusOf = async (ctx: Parameters<typeof create>[1], customerId: string) =>
  customerOf(await callUnary(h.client, h.client.getCustomer, { customerId }, ctx))

describe('POST /verifications of an individual on the default unregulated path', () => {
  it('answers RESOLVE_ERRORS listing what is missing, and leaves the customer UNVERIFIED', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    const verification = await verify(c, ctx, customer.id)
    expect(verification).toMatchObject({ customerId: customer.id, verificationStatus: 'RESOLVE_ERRORS' })
    expect(verification.errors.map((e) => e.field ?? e.type)).toEqual([
      'customer.birthDate',
      'customer.nationality',
      'customer.address',
      'MISSING_IDENTITY_DOCUMENT',
    ])
    expect(verification.errors[3]).toMatchObject({ resourceId: customer.id, acceptedDocumentTypes: ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'] })
    expect(verification.errors[0]).not.toHaveProperty('acceptedDocumentTypes')
    expect((await kycStatusOf(ctx, customer.id)).kycStatus).toBe('UNVERIFIED')
    expect((await eventsAbout(h, customer.id)).map((e) => e.type)).toEqual(['CUSTOMER.CREATED', 'VERIFICATION.RESOLVE_ERRORS'])
  })

  it('approves a complete packet, emitting CUSTOMER.KYC_APPROVED once', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual(completeIndividualProfile))
    await uploadDocument(c, ctx, upload(customer.id, 'PASSPORT'))
    const verification = await verify(c, ctx, customer.id)
    expect(verification).toMatchObject({ verificationStatus: 'APPROVED', errors: [] })
    expect((await kycStatusOf(ctx, customer.id)).kycStatus).toBe('APPROVED')
    const again = await verify(c, ctx, customer.id)
    expect(again.verificationStatus).toBe('APPROVED')
    const types = (await eventsAbout(h, customer.id)).map((e) => e.type)
    expect(types).toEqual(['CUSTOMER.CREATED', 'VERIFICATION.APPROVED', 'CUSTOMER.KYC_APPROVED', 'VERIFICATION.APPROVED'])
    const stored = await callUnary(c.verifications, c.verifications.getVerification, { verificationId: verification.id }, ctx)
    expect(fromJson(stored.verificationJson)).toEqual(verification)
    // the webhook carries the verification exactly as the API answers it
    const events = await eventsAbout(h, customer.id)
    expect(events.find((e) => e.type === 'VERIFICATION.APPROVED')!.data).toEqual(verification)
  })

  it.each([
    ['Jane Roe 002', 'REJECTED', 'REJECTED', 'CUSTOMER.KYC_REJECTED'],
    ['Jane Roe 003', 'PENDING_MANUAL_REVIEW', 'PENDING', 'CUSTOMER.KYC_PENDING'],
  ])('decides %s as %s once the packet is complete', async (fullName, outcome, kycStatus, event) => {
    const ctx = newTenant()
    h.platforms.set(ctx, { skipVerificationPaperwork: true })
    const customer = await create(h, ctx, individual({ fullName }))
    expect(customer.kycStatus).toBe('UNVERIFIED')
    expect((await verify(c, ctx, customer.id)).verificationStatus).toBe('RESOLVE_ERRORS')
    const change = UpdateCustomerRequest.fromPartial({ customerId: customer.id, customerType: 'INDIVIDUAL', profile: completeIndividualProfile })
    await callUnary(h.client, h.client.updateCustomer, change, ctx)
    await uploadDocument(c, ctx, upload(customer.id, 'DRIVERS_LICENSE', { side: 'FRONT' }))
    expect((await verify(c, ctx, customer.id)).verificationStatus).toBe(outcome)
    expect((await kycStatusOf(ctx, customer.id)).kycStatus).toBe(kycStatus)
    expect((await eventsAbout(h, customer.id)).filter((e) => e.type.startsWith('CUSTOMER.KYC_')).map((e) => e.type)).toEqual([event])
  })

  it('refuses a customer without a name: MISSING_MANDATORY_USER_INFO', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ fullName: undefined }))
    const error = await failure(verify(c, ctx, customer.id))
    expect(error).toMatchObject({ code: 'MISSING_MANDATORY_USER_INFO', details: { fields: ['fullName'] } })
  })

  it('answers CUSTOMER_NOT_FOUND for another tenant’s customer, VERIFICATION_NOT_FOUND for its verification', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    const verification = await verify(c, ctx, customer.id)
    expect((await failure(verify(c, newTenant(), customer.id))).code).toBe('CUSTOMER_NOT_FOUND')
    const read = callUnary(c.verifications, c.verifications.getVerification, { verificationId: verification.id }, newTenant())
    expect((await failure(read)).code).toBe('VERIFICATION_NOT_FOUND')
  })

  it('checks the packet in production and sends a complete one to manual review (verification-reviews.int.test.ts decides it)', async () => {
    const ctx = newTenant('PRODUCTION')
    const customer = await create(h, ctx, individual(completeIndividualProfile))
    expect((await verify(c, ctx, customer.id)).verificationStatus).toBe('RESOLVE_ERRORS')
    // no sandbox rule in production: the file is kept for the reviewer, whatever its name
    await uploadDocument(c, ctx, upload(customer.id, 'PASSPORT', { fileName: 'passport_LOW_QUALITY.pdf' }))
    expect((await verify(c, ctx, customer.id)).verificationStatus).toBe('PENDING_MANUAL_REVIEW')
    expect((await kycStatusOf(ctx, customer.id)).kycStatus).toBe('PENDING')
  })
})

describe('POST /verifications of a business (rule 4)', () => {
  const withRegistration = (registrationNumber: string) =>
    business({ profile: { businessInfo: { legalName: 'Acme', country: 'US', taxId: '47-1', incorporatedOn: '2018-03-14', registrationNumber } } })

  it.each([
    ['5523002', 'REJECTED', 'CUSTOMER.KYB_REJECTED'],
    ['5523041', 'APPROVED', 'CUSTOMER.KYB_APPROVED'],
  ])('resolves a registration number ending %s on the first submission when paperwork is waived', async (number, status, event) => {
    const ctx = newTenant()
    h.platforms.set(ctx, { isRegulatedFinancialInstitution: true })
    const customer = await create(h, ctx, withRegistration(number))
    expect(customer.kybStatus).toBe('UNVERIFIED')
    expect((await verify(c, ctx, customer.id)).verificationStatus).toBe(status)
    expect((await eventsAbout(h, customer.id)).map((e) => e.type)).toContain(event)
  })

  it('still needs a complete packet for suffix 001, then approves the business and its owners', async () => {
    const ctx = newTenant()
    h.platforms.set(ctx, { isRegulatedFinancialInstitution: true })
    const customer = await create(h, ctx, withRegistration('5523001'))
    const first = await verify(c, ctx, customer.id)
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS')
    expect(first.errors.map((e) => e.field ?? e.type)).toEqual([
      'customer.address',
      'customer.businessInfo.countriesOfOperation',
      'MISSING_CONTROL_PERSON',
      'MISSING_BENEFICIAL_OWNER',
      'MISSING_LEGAL_PRESENCE_DOCUMENT',
      'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT',
      'MISSING_PROOF_OF_ADDRESS_DOCUMENT',
    ])
    const change = UpdateCustomerRequest.fromPartial({
      customerId: customer.id,
      customerType: 'BUSINESS',
      profile: { address: { line1: '1 Main St', postalCode: '94105', country: 'US' }, businessInfo: { countriesOfOperation: ['US'] } },
    })
    await callUnary(h.client, h.client.updateCustomer, change, ctx)
    await completeBusinessPacket(c, ctx, customer.id)
    expect((await verify(c, ctx, customer.id)).verificationStatus).toBe('APPROVED')
    expect((await kycStatusOf(ctx, customer.id)).kybStatus).toBe('APPROVED')
    const owners = await listOwners(c, ctx, customer.id)
    expect(owners.data.map((o) => o.kycStatus)).toEqual(['APPROVED', 'APPROVED'])
  })

  it('names each owner without an identity document', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, withRegistration('77'))
    await completeBusinessPacket(c, ctx, customer.id)
    const { data } = await listOwners(c, ctx, customer.id)
    const documents = await listDocuments(c, ctx, data[0]!.id)
    await callUnary(c.documents, c.documents.deleteDocument, { documentId: documents.data[0]!.id }, ctx)
    const { errors } = await verify(c, ctx, customer.id)
    expect(errors.filter((e) => e.type === 'MISSING_IDENTITY_DOCUMENT').map((e) => e.resourceId)).toEqual([data[0]!.id])
  })
})
