import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { CustomerProfile } from '@pp/proto/customers/v1/customers'
import type { CreateKycLinkResponse } from '@pp/proto/customers/v1/kyc_links'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashLinkToken } from '../src/domain/kyc-links/link-token.js'
import { create, customerOf, failure, individual, newTenant, startHarness, TEST_SETTINGS, type Harness } from './harness.js'
import type { VerificationView } from '../src/domain/verifications/types.js'
import {
  completeIndividualProfile,
  eventsAbout,
  fromJson,
  listDocuments,
  upload,
  uploadDocument,
  verificationClients,
  verify,
  type VerificationClients,
} from './verification-helpers.js'
import { open } from '../src/db/client.js'

let h: Harness
let c: VerificationClients

beforeAll(async () => {
  h = await startHarness('kyc_links')
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
})

const createLink = async (ctx: Caller, customerId: string, redirectUri?: string): Promise<CreateKycLinkResponse> =>
  callUnary(c.kycLinks, c.kycLinks.createKycLink, { customerId, redirectUri }, ctx)

const session = async (linkToken: string) => (await callUnary(c.hosted, c.hosted.getHostedKycSession, { linkToken }, {})).session!
const complete = async (linkToken: string) => {
  const { verificationJson, redirectUri } = await callUnary(c.hosted, c.hosted.completeHostedKyc, { linkToken }, {})
  return { verification: fromJson<VerificationView>(verificationJson), redirectUri }
}

describe('CreateKycLink', () => {
  it('issues a fresh single-use link each call, keeping only its hash, and changes no status', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    const first = await createLink(ctx, customer.id, 'https://app.example.com/done')
    const second = await createLink(ctx, customer.id)
    expect(first).toMatchObject({ provider: 'SUMSUB', redirectUri: 'https://app.example.com/done', sdkToken: undefined })
    expect(first.linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(second.linkToken).not.toBe(first.linkToken)
    expect(first.expiresAt!.getTime() - Date.now()).toBeGreaterThan(50_000)
    const rows = await open(h.db).kycLink.findMany({ where: { customerId: customer.id } })
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashLinkToken(first.linkToken), hashLinkToken(second.linkToken)].sort())
    expect(JSON.stringify(rows)).not.toContain(first.linkToken)
    expect((await session(first.linkToken)).state).toBe('OPEN')
    expect((await session(second.linkToken)).state).toBe('OPEN')
    expect((await eventsAbout(h, customer.id)).map((e) => e.type)).toEqual(['CUSTOMER.CREATED'])
  })

  it('answers a retry with the same Idempotency-Key with the first link', async () => {
    const ctx = { ...newTenant(), idempotencyKey: 'link-1' }
    const customer = await create(h, { ...ctx, idempotencyKey: undefined }, individual())
    const first = await createLink(ctx, customer.id)
    expect(await createLink(ctx, customer.id)).toEqual(first)
    expect(await open(h.db).kycLink.count({ where: { customerId: customer.id } })).toBe(1)
  })

  it.each(['http://app.example.com/done', 'ftp://localhost/x', 'nonsense'])('refuses redirectUri %s', async (redirectUri) => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    expect(await failure(createLink(ctx, customer.id, redirectUri))).toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [expect.objectContaining({ field: 'redirectUri' })] },
    })
  })

  it('answers CUSTOMER_NOT_FOUND for an unknown or foreign customer', async () => {
    const customer = await create(h, newTenant(), individual())
    expect((await failure(createLink(newTenant(), customer.id))).code).toBe('CUSTOMER_NOT_FOUND')
  })

  it('needs verified email and phone for an EU customer (409 CONTACT_VERIFICATION_REQUIRED)', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ region: 'FR', email: 'a@example.fr', phoneNumber: '+33612345678' }))
    expect(customer.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' })
    const error = await failure(createLink(ctx, customer.id))
    expect(error).toMatchObject({ code: 'CONTACT_VERIFICATION_REQUIRED', details: { contactVerification: { email: 'PENDING', phone: 'PENDING' } } })
    for (const channel of ['EMAIL', 'PHONE']) {
      await callUnary(c.contact, c.contact.sendContactVerificationCode, { customerId: customer.id, channel }, ctx)
      await callUnary(c.contact, c.contact.confirmContactVerification, { customerId: customer.id, channel, code: '123456' }, ctx)
    }
    expect((await createLink(ctx, customer.id)).linkToken).toBeTruthy()
  })
})

describe('the hosted flow', () => {
  it('prefills from the record, saves each step, and completing it updates kycStatus like POST /verifications', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ fullName: 'Hosted Person', email: 'h@example.com' }))
    const { linkToken } = await createLink(ctx, customer.id, 'http://127.0.0.1:9/done')
    const opened = await session(linkToken)
    expect(opened).toMatchObject({ state: 'OPEN', redirectUri: 'http://127.0.0.1:9/done' })
    expect(customerOf(opened)).toMatchObject({ id: customer.id, fullName: 'Hosted Person', email: 'h@example.com' })
    expect(opened.missing.map((m) => m.field ?? m.type)).toContain('MISSING_IDENTITY_DOCUMENT')

    await callUnary(c.hosted, c.hosted.saveHostedKycProfile, { linkToken, profile: CustomerProfile.fromPartial(completeIndividualProfile) }, {})
    await callUnary(c.hosted, c.hosted.uploadHostedKycDocument, { linkToken, document: upload(customer.id, 'PASSPORT') }, {})
    await callUnary(c.hosted, c.hosted.uploadHostedKycDocument, { linkToken, document: upload(customer.id, 'PASSPORT') }, {})
    const filled = await session(linkToken)
    expect(filled.missing).toEqual([])
    expect(filled.documentsJson.map((json) => fromJson(json))).toEqual((await listDocuments(c, ctx, customer.id)).data)

    const done = await complete(linkToken)
    expect(done).toMatchObject({ redirectUri: 'http://127.0.0.1:9/done', verification: { verificationStatus: 'APPROVED' } })
    const after = await callUnary(h.client, h.client.getCustomer, { customerId: customer.id }, ctx)
    expect(customerOf(after).kycStatus).toBe('APPROVED')
    const types = (await eventsAbout(h, customer.id)).map((e) => e.type)
    expect(types.filter((t) => t.startsWith('CUSTOMER.KYC_') || t.startsWith('VERIFICATION.'))).toEqual(['VERIFICATION.APPROVED', 'CUSTOMER.KYC_APPROVED'])
  })

  it('gives the same events as the API path for the same transition', async () => {
    const eventsOfPath = async (path: 'API' | 'HOSTED') => {
      const ctx = newTenant()
      const customer = await create(h, ctx, individual(completeIndividualProfile))
      await uploadDocument(c, ctx, upload(customer.id, 'NATIONAL_ID'))
      if (path === 'API') await verify(c, ctx, customer.id)
      else await complete((await createLink(ctx, customer.id)).linkToken)
      return (await eventsAbout(h, customer.id)).map((e) => ({ type: e.type, kycStatus: e.data.kycStatus }))
    }
    expect(await eventsOfPath('HOSTED')).toEqual(await eventsOfPath('API'))
  })

  it('keeps the link open on an incomplete packet, and a used link changes nothing', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    const { linkToken } = await createLink(ctx, customer.id)
    const incomplete = await complete(linkToken)
    expect(incomplete.verification.verificationStatus).toBe('RESOLVE_ERRORS')
    expect((await session(linkToken)).state).toBe('OPEN')
    await callUnary(c.hosted, c.hosted.saveHostedKycProfile, { linkToken, profile: CustomerProfile.fromPartial(completeIndividualProfile) }, {})
    await callUnary(c.hosted, c.hosted.uploadHostedKycDocument, { linkToken, document: upload(customer.id, 'PASSPORT') }, {})
    expect((await complete(linkToken)).verification.verificationStatus).toBe('APPROVED')

    expect((await session(linkToken)).state).toBe('USED')
    expect(await failure(complete(linkToken))).toMatchObject({ code: 'FORBIDDEN' })
    const change = callUnary(c.hosted, c.hosted.saveHostedKycProfile, { linkToken, profile: CustomerProfile.fromPartial({ email: 'late@example.com' }) }, {})
    expect((await failure(change)).code).toBe('FORBIDDEN')
    const stored = await callUnary(h.client, h.client.getCustomer, { customerId: customer.id }, ctx)
    expect(customerOf(stored).email).toBeUndefined()
  })

  it('refuses a document for someone else’s holder', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual())
    const other = await create(h, ctx, individual())
    const { linkToken } = await createLink(ctx, customer.id)
    const step = callUnary(c.hosted, c.hosted.uploadHostedKycDocument, { linkToken, document: upload(other.id, 'PASSPORT') }, {})
    expect((await failure(step)).code).toBe('DOCUMENT_HOLDER_NOT_FOUND')
  })

  it('answers NOT_FOUND for an unknown token', async () => {
    expect((await failure(session('x'.repeat(43)))).code).toBe('NOT_FOUND')
    expect((await failure(session('short'))).code).toBe('NOT_FOUND')
  })
})

describe('an expired link', () => {
  it('shows EXPIRED and changes nothing', async () => {
    const expiring = await startHarness('kyc_links_expiry', { settings: { ...TEST_SETTINGS, kycLinkTtlMs: 0 } })
    const ec = verificationClients(expiring)
    try {
      const ctx = newTenant()
      const customer = await create(expiring, ctx, individual(completeIndividualProfile))
      const { linkToken } = await callUnary(ec.kycLinks, ec.kycLinks.createKycLink, { customerId: customer.id }, ctx)
      expect((await callUnary(ec.hosted, ec.hosted.getHostedKycSession, { linkToken }, {})).session!.state).toBe('EXPIRED')
      expect((await failure(callUnary(ec.hosted, ec.hosted.completeHostedKyc, { linkToken }, {}))).code).toBe('FORBIDDEN')
      expect(await open(expiring.db).verification.count()).toBe(0)
    } finally {
      ec.close()
      await expiring.stop()
    }
  })
})
