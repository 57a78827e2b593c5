import { createHmac, randomBytes } from 'node:crypto'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { VerificationReviewsOperatorServiceClient } from '@pp/proto/customers/v1/verification_reviews'
import { codeIn, startTestMessageProviders, type TestMessageProviders } from '@pp/testing/message-providers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerWebhooks, submitProductionCustomer } from './kyc-support.js'
import { apiClient, startMesh, type Credentials, type Mesh } from './mesh.js'

/**
 * Production onboarding through the public API, as a self-hosting team configures it (issue 28):
 * - a hosted KYC vendor decides production verifications (KYC_DECISIONS=vendor): its signed
 *   webhook reaches the gateway's public edge as a vendor sends it, over HTTP with the raw body,
 *   and the customers service applies it once. The signature is computed here as the vendor would,
 *   from its documented scheme, not with the service's code;
 * - one-time codes go out through real providers on the loopback (an SMTP server with STARTTLS and
 *   AUTH, an HTTP server answering as an SMS API), and the code each received confirms the
 *   customer's contact through the gateway.
 */
const VENDOR = 'acme-kyc'
const SECRET = randomBytes(24).toString('hex')

let mesh: Mesh
let providers: TestMessageProviders
let production: Credentials
let operatorClient: VerificationReviewsOperatorServiceClient | undefined
const operator = () => (operatorClient ??= createGrpcClient(VerificationReviewsOperatorServiceClient, mesh.operatorAddress('customers')))

beforeAll(async () => {
  providers = await startTestMessageProviders('starttls')
  mesh = await startMesh({ env: { KYC_DECISIONS: 'vendor', KYC_VENDOR_NAME: VENDOR, KYC_VENDOR_WEBHOOK_SECRET: SECRET, ...providers.env } })
  production = (await mesh.createPlatform(`e2e-kyc-vendor-${randomBytes(4).toString('hex')}`)).production
}, 240_000)

afterAll(async () => {
  operatorClient?.close()
  await mesh?.stop()
  await providers?.close()
})

/** POSTs a delivery as the vendor does: the body's exact bytes, its timestamp and signature headers. */
async function deliver(body: string, { at = new Date(), secret = SECRET, vendor = VENDOR } = {}) {
  const timestamp = String(Math.floor(at.getTime() / 1000))
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  const response = await fetch(new URL(`/kyc-vendor/${vendor}/decisions`, mesh.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kyc-timestamp': timestamp, 'x-kyc-signature': `sha256=${signature}` },
    body,
  })
  return { status: response.status, body: (await response.json()) as any }
}

describe("the KYC vendor's decision webhook through the gateway", () => {
  it('refuses a bad signature and a stale timestamp, then applies a good delivery once though delivered twice: APPROVED, CUSTOMER.KYC_APPROVED once', async () => {
    const { customerId, verificationId } = await submitProductionCustomer(mesh, production, 'Katherine Johnson')
    const body = JSON.stringify({ id: `evt-${randomBytes(6).toString('hex')}`, verificationId, decision: 'APPROVED' })

    const forged = await deliver(body, { secret: 'not-the-vendors-secret' })
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
    const stale = await deliver(body, { at: new Date(Date.now() - 10 * 60_000) })
    expect(stale).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } })
    expect((await deliver(body, { vendor: 'someone-else' })).status).toBe(501)
    const api = apiClient(mesh, production)
    expect((await api('GET', `/customers/${customerId}`)).body.kycStatus).toBe('PENDING')

    expect(await deliver(body)).toEqual({ status: 200, body: { received: true, applied: true, verificationId, status: 'APPROVED' } })
    expect(await deliver(body)).toEqual({ status: 200, body: { received: true, applied: false, verificationId, status: 'APPROVED' } })
    expect((await api('GET', `/customers/${customerId}`)).body.kycStatus).toBe('APPROVED')
    const approvals = (await customerWebhooks(mesh, customerId)).filter((w) => w.type === 'CUSTOMER.KYC_APPROVED')
    expect(approvals).toEqual([expect.objectContaining({ data: expect.objectContaining({ id: customerId, kycStatus: 'APPROVED' }) })])
    const { review } = await callUnary(operator(), operator().getVerificationReview, { verificationId }, { requestId: 'e2e-kyc-vendor' })
    expect(review).toMatchObject({ status: 'APPROVED', decidedBy: `vendor:${VENDOR}` })
  })

  it('answers a signed delivery it cannot apply with the error of its cause, changing nothing', async () => {
    const { customerId, verificationId } = await submitProductionCustomer(mesh, production, 'Mary Jackson')
    const event = () => `evt-${randomBytes(6).toString('hex')}`
    expect(await deliver('not json')).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect(await deliver(JSON.stringify({ id: event(), verificationId }))).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    const unknown = JSON.stringify({ id: event(), verificationId: 'Verification:0198e1a0-0000-7000-8000-000000000000', decision: 'APPROVED' })
    expect(await deliver(unknown)).toMatchObject({ status: 404, body: { code: 'VERIFICATION_NOT_FOUND' } })
    const badReason = JSON.stringify({ id: event(), verificationId, decision: 'REJECTED', reason: 'DISLIKED' })
    expect(await deliver(badReason)).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    expect((await apiClient(mesh, production)('GET', `/customers/${customerId}`)).body.kycStatus).toBe('PENDING')
    // the refused deliveries claimed nothing: the same event id applies once it is right
    const retried = JSON.stringify({ id: JSON.parse(badReason).id, verificationId, decision: 'REJECTED', reason: 'APPLICANT_FRAUD' })
    expect((await deliver(retried)).body).toMatchObject({ applied: true, status: 'REJECTED' })
  })

  it("rejects with the vendor's reason, and refuses an operator's decision where the vendor decides", async () => {
    const { customerId, verificationId } = await submitProductionCustomer(mesh, production, 'Dorothy Vaughan')
    const refused = await callUnary(operator(), operator().decideVerificationReview, { verificationId, decision: 'APPROVED', operator: 'ops' }, { requestId: 'e2e-kyc-vendor' }).catch((err: unknown) => err)
    expect(refused).toMatchObject({ code: 'FORBIDDEN' })
    const body = JSON.stringify({ id: `evt-${randomBytes(6).toString('hex')}`, verificationId, decision: 'REJECTED', reason: 'APPLICANT_SANCTIONED' })
    expect((await deliver(body)).body).toMatchObject({ applied: true, status: 'REJECTED' })
    expect((await apiClient(mesh, production)('GET', `/customers/${customerId}`)).body.kycStatus).toBe('REJECTED')
    expect((await customerWebhooks(mesh, customerId)).at(-1)).toMatchObject({ type: 'CUSTOMER.KYC_REJECTED' })
  })
})

/** A code other than `code`: its last digit moved on by one. */
const otherThan = (code: string): string => code.slice(0, 5) + String((Number(code[5]) + 1) % 10)

describe('one-time codes in production, through the gateway', () => {
  /** An EU customer (contact verification required) with an address and a number of its own. */
  async function euCustomer() {
    const api = apiClient(mesh, production)
    const email = `${randomBytes(4).toString('hex')}@example.de`
    const phoneNumber = `+49151${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`
    const created = await api('POST', '/customers', { customerType: 'INDIVIDUAL', fullName: 'Emmy Noether', region: 'DE', email, phoneNumber })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return { api, id: created.body.id as string, email, phoneNumber }
  }

  it("emails one code and texts another; only the code each provider received confirms its channel", async () => {
    const { api, id, email, phoneNumber } = await euCustomer()

    expect((await api('POST', `/customers/${id}/verify-email`)).status).toBe(204)
    const mailed = codeIn((await providers.smtp.mailTo(email)).text)
    expect((await api('POST', `/customers/${id}/verify-email/confirm`, { code: otherThan(mailed) })).status).toBe(400)
    const emailConfirmed = await api('POST', `/customers/${id}/verify-email/confirm`, { code: mailed })
    expect([emailConfirmed.status, emailConfirmed.body.contactVerification]).toEqual([200, { email: 'VERIFIED', phone: 'PENDING' }])

    expect((await api('POST', `/customers/${id}/verify-phone`)).status).toBe(204)
    const texted = codeIn((await providers.sms.messageTo(phoneNumber)).form.Body)
    const phoneConfirmed = await api('POST', `/customers/${id}/verify-phone/confirm`, { code: texted })
    expect([phoneConfirmed.status, phoneConfirmed.body.contactVerification]).toEqual([200, { email: 'VERIFIED', phone: 'VERIFIED' }])
  })

  it('answers 503 while the SMS API stays down, and sends once it answers again', async () => {
    const { api, id, phoneNumber } = await euCustomer()
    providers.sms.answerNext(503, 503, 503)
    const down = await api('POST', `/customers/${id}/verify-phone`)
    expect([down.status, down.body.code, down.body.details]).toEqual([503, 'SERVICE_UNAVAILABLE', { channel: 'SMS' }])

    expect((await api('POST', `/customers/${id}/verify-phone`)).status).toBe(204)
    const texted = codeIn((await providers.sms.messageTo(phoneNumber)).form.Body)
    expect((await api('POST', `/customers/${id}/verify-phone/confirm`, { code: texted })).body.contactVerification).toEqual({ email: 'PENDING', phone: 'VERIFIED' })
  })
})
