import { callUnary, createGrpcClient } from '@pp/grpc'
import { KycVendorServiceClient, VerificationReviewsOperatorServiceClient } from '@pp/proto/customers/v1/verification_reviews'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import type { Caller } from '@pp/tenancy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedWebhookVendor, signVendorDelivery } from '../src/providers/kyc-vendor/signed-webhook-vendor.js'
import { business, create, customerOf, failure, individual, newTenant, startHarness, type Harness } from './harness.js'
import {
  completeBusinessPacket,
  completeIndividualProfile,
  eventsAbout,
  listOwners,
  PDF,
  upload,
  uploadDocument,
  verificationClients,
  verify,
  type VerificationClients,
} from './verification-helpers.js'

const VENDOR_SECRET = 'vendor-shared-secret-0123456789'

let h: Harness
let vendorHarness: Harness
let c: VerificationClients
let vc: VerificationClients
let operator: VerificationReviewsOperatorServiceClient
let vendorOperator: VerificationReviewsOperatorServiceClient
let vendor: KycVendorServiceClient

beforeAll(async () => {
  h = await startHarness('reviews')
  vendorHarness = await startHarness('reviews_vendor', {
    kycDecisions: { by: 'vendor', vendor: signedWebhookVendor({ name: 'acme-kyc', secret: VENDOR_SECRET, toleranceMs: 300_000 }) },
  })
  c = verificationClients(h)
  vc = verificationClients(vendorHarness)
  // the harness serves the operator's methods on its one address (no operator port in tests)
  operator = createGrpcClient(VerificationReviewsOperatorServiceClient, h.address)
  vendorOperator = createGrpcClient(VerificationReviewsOperatorServiceClient, vendorHarness.address)
  vendor = createGrpcClient(KycVendorServiceClient, vendorHarness.address)
})
afterAll(async () => {
  for (const client of [operator, vendorOperator, vendor]) client?.close()
  c?.close()
  vc?.close()
  await h?.stop()
  await vendorHarness?.stop()
})

/** A production individual with a complete packet, submitted: it waits in the review queue. */
async function submitted(harness: Harness, clients: VerificationClients, ctx: Caller = newTenant('PRODUCTION')) {
  const customer = await create(harness, ctx, individual(completeIndividualProfile))
  await uploadDocument(clients, ctx, upload(customer.id, 'PASSPORT'))
  const verification = await verify(clients, ctx, customer.id)
  return { ctx, customer, verification }
}

const statusOf = async (harness: Harness, ctx: Caller, customerId: string) =>
  customerOf(await callUnary(harness.client, harness.client.getCustomer, { customerId }, ctx))

const decide = (verificationId: string, decision: string, reason?: string, who = 'alice@ops') =>
  callUnary(operator, operator.decideVerificationReview, { verificationId, decision, reason, operator: who }, {})

describe('a production verification with a complete packet', () => {
  it('enters the review queue: PENDING_MANUAL_REVIEW, the customer PENDING with CUSTOMER.KYC_PENDING', async () => {
    const { ctx, customer, verification } = await submitted(h, c)
    expect(verification).toMatchObject({ verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] })
    expect((await statusOf(h, ctx, customer.id)).kycStatus).toBe('PENDING')
    expect((await eventsAbout(h, customer.id)).map((e) => e.type)).toEqual(['CUSTOMER.CREATED', 'VERIFICATION.PENDING_MANUAL_REVIEW', 'CUSTOMER.KYC_PENDING'])
    const { reviews } = await callUnary(operator, operator.listVerificationReviews, { platformId: ctx.platformId, limit: 0 }, {})
    expect(reviews).toEqual([expect.objectContaining({ verificationId: verification.id, customerId: customer.id, environment: 'PRODUCTION', status: 'PENDING' })])
  })

  it('shows the operator the customer and its documents, and each document file', async () => {
    const { customer, verification } = await submitted(h, c)
    const shown = await callUnary(operator, operator.getVerificationReview, { verificationId: verification.id }, {})
    expect(JSON.parse(shown.customerJson)).toMatchObject({ id: customer.id, fullName: 'Jane Doe', kycStatus: 'PENDING', birthDate: '1990-01-15' })
    expect(shown.documents).toEqual([expect.objectContaining({ documentType: 'PASSPORT', fileName: 'passport.pdf', contentType: 'application/pdf', sizeBytes: PDF.length })])
    const file = await callUnary(operator, operator.getVerificationReviewDocument, { verificationId: verification.id, documentId: shown.documents[0]!.id }, {})
    expect(Buffer.from(file.content).equals(PDF)).toBe(true)
    const other = await submitted(h, c)
    const foreign = await callUnary(operator, operator.getVerificationReview, { verificationId: other.verification.id }, {})
    expect((await failure(callUnary(operator, operator.getVerificationReviewDocument, { verificationId: verification.id, documentId: foreign.documents[0]!.id }, {}))).code).toBe('NOT_FOUND')
  })

  it('approved by an operator: the verification and the customer APPROVED, CUSTOMER.KYC_APPROVED in the outbox, who and when recorded', async () => {
    const { ctx, customer, verification } = await submitted(h, c)
    const { review } = await decide(verification.id, 'APPROVED')
    expect(review).toMatchObject({ status: 'APPROVED', decidedBy: 'alice@ops' })
    expect(review!.decidedAt).toBeInstanceOf(Date)
    expect((await statusOf(h, ctx, customer.id)).kycStatus).toBe('APPROVED')
    const events = await eventsAbout(h, customer.id)
    expect(events.map((e) => e.type).slice(-2)).toEqual(['VERIFICATION.APPROVED', 'CUSTOMER.KYC_APPROVED'])
    expect(events.at(-1)!.data).toMatchObject({ id: customer.id, kycStatus: 'APPROVED' })
    const { reviews } = await callUnary(operator, operator.listVerificationReviews, { platformId: ctx.platformId, limit: 0 }, {})
    expect(reviews).toEqual([])
    const decided = await callUnary(operator, operator.listVerificationReviews, { platformId: ctx.platformId, status: 'APPROVED', limit: 0 }, {})
    expect(decided.reviews.map((r) => r.verificationId)).toEqual([verification.id])
  })

  it('rejected with a reason of the vocabulary: REJECTED, the reason on the verification, CUSTOMER.KYC_REJECTED', async () => {
    const { ctx, customer, verification } = await submitted(h, c)
    const { review } = await decide(verification.id, 'REJECTED', 'APPLICANT_SANCTIONED', 'bob@ops')
    expect(review).toMatchObject({ status: 'REJECTED', reason: 'APPLICANT_SANCTIONED', decidedBy: 'bob@ops' })
    expect((await statusOf(h, ctx, customer.id)).kycStatus).toBe('REJECTED')
    const shown = await callUnary(operator, operator.getVerificationReview, { verificationId: verification.id }, {})
    expect(JSON.parse(shown.verificationJson)).toMatchObject({
      verificationStatus: 'REJECTED',
      errors: [{ resourceId: customer.id, type: 'APPLICANT_SANCTIONED', reason: expect.any(String) }],
    })
    expect((await eventsAbout(h, customer.id)).map((e) => e.type).slice(-2)).toEqual(['VERIFICATION.REJECTED', 'CUSTOMER.KYC_REJECTED'])
  })

  it('refuses an unknown or missing rejection reason with INVALID_INPUT listing the allowed ones, and changes nothing', async () => {
    const { ctx, customer, verification } = await submitted(h, c)
    for (const reason of ['LOOKS_ODD', undefined]) {
      const refused = await failure(decide(verification.id, 'REJECTED', reason))
      expect(refused.code).toBe('INVALID_INPUT')
      expect(refused.details.errors).toEqual([expect.objectContaining({ field: 'reason', constraint: { enum: expect.arrayContaining(['APPLICANT_SANCTIONED', 'POOR_QUALITY_DOCUMENT']) } })])
    }
    expect((await failure(decide(verification.id, 'MAYBE'))).code).toBe('INVALID_INPUT')
    expect((await statusOf(h, ctx, customer.id)).kycStatus).toBe('PENDING')
  })

  it('is decided once: the same decision again answers the recorded one, another is a conflict', async () => {
    const { customer, verification } = await submitted(h, c)
    const first = await decide(verification.id, 'REJECTED', 'EXPIRED_DOCUMENT', 'alice@ops')
    const again = await decide(verification.id, 'REJECTED', 'EXPIRED_DOCUMENT', 'carol@ops')
    expect(again.review).toEqual(first.review)
    const conflict = await failure(decide(verification.id, 'APPROVED'))
    expect(conflict.code).toBe('CONFLICT')
    expect(conflict.details).toMatchObject({ status: 'REJECTED', reason: 'EXPIRED_DOCUMENT', decidedBy: 'alice@ops' })
    expect((await failure(decide(verification.id, 'REJECTED', 'APPLICANT_FRAUD'))).code).toBe('CONFLICT')
    expect((await eventsAbout(h, customer.id)).filter((e) => e.type === 'CUSTOMER.KYC_REJECTED')).toHaveLength(1)
  })

  it('of a business: approved with KYB events, its owners approved too', async () => {
    const ctx = newTenant('PRODUCTION')
    const customer = await create(h, ctx, business())
    const profile = { address: { line1: '1 Corp Way', postalCode: '10001', country: 'US' }, businessInfo: { countriesOfOperation: ['US'] } }
    await callUnary(h.client, h.client.updateCustomer, UpdateCustomerRequest.fromPartial({ customerId: customer.id, customerType: 'BUSINESS', profile }), ctx)
    await completeBusinessPacket(c, ctx, customer.id)
    const verification = await verify(c, ctx, customer.id)
    expect(verification.verificationStatus).toBe('PENDING_MANUAL_REVIEW')
    await decide(verification.id, 'APPROVED')
    expect((await statusOf(h, ctx, customer.id)).kybStatus).toBe('APPROVED')
    expect((await eventsAbout(h, customer.id)).map((e) => e.type).slice(-2)).toEqual(['VERIFICATION.APPROVED', 'CUSTOMER.KYB_APPROVED'])
    expect((await listOwners(c, ctx, customer.id)).data.map((o) => o.kycStatus)).toEqual(['APPROVED', 'APPROVED'])
  })

  it('an unknown verification is VERIFICATION_NOT_FOUND', async () => {
    expect((await failure(decide('Verification:00000000-0000-7000-8000-000000000000', 'APPROVED'))).code).toBe('VERIFICATION_NOT_FOUND')
  })

  it('the sandbox still decides by name at once, as before, and its simulated manual review enters no queue', async () => {
    const ctx = newTenant('SANDBOX')
    for (const [fullName, status] of [['Jane 002', 'REJECTED'], ['Jane 003', 'PENDING_MANUAL_REVIEW']]) {
      const customer = await create(h, ctx, individual({ ...completeIndividualProfile, fullName }))
      await uploadDocument(c, ctx, upload(customer.id, 'PASSPORT'))
      expect((await verify(c, ctx, customer.id)).verificationStatus).toBe(status)
    }
    expect((await callUnary(operator, operator.listVerificationReviews, { platformId: ctx.platformId, status: 'ALL', limit: 0 }, {})).reviews).toEqual([])
  })
})

describe("the KYC vendor's signed decision webhook (KYC_DECISIONS=vendor)", () => {
  const deliver = (body: string, headers: Record<string, string>) =>
    callUnary(vendor, vendor.receiveKycVendorDecision, { vendor: 'acme-kyc', headers, body: Buffer.from(body) }, {})
  const signed = (body: string, at = new Date(), secret = VENDOR_SECRET) => {
    const timestamp = String(Math.floor(at.getTime() / 1000))
    return { 'x-kyc-timestamp': timestamp, 'x-kyc-signature': signVendorDelivery(secret, timestamp, Buffer.from(body)) }
  }

  it('refuses a bad signature, a missing one and a stale timestamp, changing nothing', async () => {
    const { ctx, customer, verification } = await submitted(vendorHarness, vc)
    const body = JSON.stringify({ id: 'evt-1', verificationId: verification.id, decision: 'APPROVED' })
    expect((await failure(deliver(body, signed(body, new Date(), 'another-secret-0123456789')))).code).toBe('INVALID_SIGNATURE')
    expect((await failure(deliver(body, {}))).code).toBe('INVALID_SIGNATURE')
    const tampered = JSON.stringify({ id: 'evt-1', verificationId: verification.id, decision: 'REJECTED', reason: 'APPLICANT_FRAUD' })
    expect((await failure(deliver(tampered, signed(body)))).code).toBe('INVALID_SIGNATURE')
    const stale = await failure(deliver(body, signed(body, new Date(Date.now() - 10 * 60_000))))
    expect(stale.code).toBe('INVALID_SIGNATURE')
    expect((await statusOf(vendorHarness, ctx, customer.id)).kycStatus).toBe('PENDING')
  })

  it('applies a good delivery once, even delivered twice, recording the vendor as who decided', async () => {
    const { ctx, customer, verification } = await submitted(vendorHarness, vc)
    const body = JSON.stringify({ id: `evt-${verification.id}`, verificationId: verification.id, decision: 'APPROVED' })
    expect(await deliver(body, signed(body))).toEqual({ applied: true, verificationId: verification.id, status: 'APPROVED' })
    expect(await deliver(body, signed(body))).toEqual({ applied: false, verificationId: verification.id, status: 'APPROVED' })
    expect((await statusOf(vendorHarness, ctx, customer.id)).kycStatus).toBe('APPROVED')
    expect((await eventsAbout(vendorHarness, customer.id)).filter((e) => e.type === 'CUSTOMER.KYC_APPROVED')).toHaveLength(1)
    const shown = await callUnary(vendorOperator, vendorOperator.getVerificationReview, { verificationId: verification.id }, {})
    expect(shown.review).toMatchObject({ status: 'APPROVED', decidedBy: 'vendor:acme-kyc' })
  })

  it('refuses an operator decision where the vendor decides, and a vendor not configured', async () => {
    const { verification } = await submitted(vendorHarness, vc)
    const refused = await failure(callUnary(vendorOperator, vendorOperator.decideVerificationReview, { verificationId: verification.id, decision: 'APPROVED', operator: 'alice@ops' }, {}))
    expect(refused).toMatchObject({ code: 'FORBIDDEN', details: { setting: 'KYC_DECISIONS' } })
    const other = await failure(callUnary(vendor, vendor.receiveKycVendorDecision, { vendor: 'other', headers: {}, body: Buffer.from('{}') }, {}))
    expect(other.code).toBe('NOT_IMPLEMENTED')
    const client = createGrpcClient(KycVendorServiceClient, h.address)
    try {
      expect((await failure(callUnary(client, client.receiveKycVendorDecision, { vendor: 'acme-kyc', headers: {}, body: Buffer.from('{}') }, {}))).code).toBe('NOT_IMPLEMENTED')
    } finally {
      client.close()
    }
  })
})
