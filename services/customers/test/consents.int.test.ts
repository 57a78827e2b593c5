import { callUnary } from '@pp/grpc'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consent, create, customerOf, failure, individual, newTenant, PRIVACY_NOTICE, shownConsent, startHarness, TERMS_VERSION, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('consents')
})
afterAll(() => h?.stop())

type Ctx = ReturnType<typeof newTenant>
const update = (ctx: Ctx, request: Parameters<typeof UpdateCustomerRequest.fromPartial>[0]) =>
  callUnary(h.client, h.client.updateCustomer, UpdateCustomerRequest.fromPartial(request), ctx).then(customerOf)
const get = (ctx: Ctx, customerId: string) => callUnary(h.client, h.client.getCustomer, { customerId }, ctx).then(customerOf)
const storedConsents = () => open(h.db).agreementConsent.count()

describe('agreement consents', () => {
  it('lists each published agreement at its current version', async () => {
    const { agreements } = await callUnary(h.client, h.client.listEndUserTerms, {}, newTenant())
    expect(agreements).toEqual([
      { type: 'SERVICE_END_USER_TERMS', version: TERMS_VERSION, url: expect.stringMatching(/^https:\/\//) },
      PRIVACY_NOTICE,
    ])
  })

  it('records an acceptance at creation and shows it on the customer', async () => {
    const ctx = newTenant()
    const created = await create(h, ctx, individual({}, { agreementConsents: [consent()] }))
    expect(created.agreementConsents).toEqual([shownConsent()])
    expect((await get(ctx, created.id)).agreementConsents).toEqual([shownConsent()])
  })

  it('shows the most recent acceptance per type, keeping every acceptance on file', async () => {
    const ctx = newTenant()
    const created = await create(h, ctx, individual({}, {
      agreementConsents: [consent({ acceptedAt: new Date('2025-10-14T10:00:00Z') }), consent({ type: PRIVACY_NOTICE.type, termsVersion: 'P1' })],
    }))
    const newer = { acceptedAt: new Date('2025-11-01T08:00:00Z'), acceptanceMethod: 'CLICK_TO_ACCEPT', ipAddress: '2001:db8::1' }
    await update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL', agreementConsents: [consent(newer)] })
    // a late-recorded older acceptance does not hide the newer one
    await update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL', agreementConsents: [consent({ acceptedAt: new Date('2025-10-20T00:00:00Z') })] })
    const shown = (await get(ctx, created.id)).agreementConsents
    expect(shown).toEqual([shownConsent(newer), shownConsent({ type: PRIVACY_NOTICE.type, termsVersion: 'P1' })])
    expect(await open(h.db).agreementConsent.count({ where: { customerId: created.id } })).toBe(4)
  })

  it('never lets one agreement type stand for another', async () => {
    const ctx = newTenant()
    const created = await create(h, ctx, individual({}, { agreementConsents: [consent({ type: PRIVACY_NOTICE.type, termsVersion: 'P2' })] }))
    expect(created.agreementConsents.map((c) => c.type)).toEqual([PRIVACY_NOTICE.type])
  })

  it('rejects an unpublished version with END_USER_TERMS_VERSION_NOT_FOUND and stores nothing', async () => {
    const ctx = newTenant()
    const before = { consents: await storedConsents(), customers: await open(h.db).customer.count() }
    const err = await failure(create(h, ctx, individual({}, { agreementConsents: [consent({ termsVersion: 'V0' })] })))
    expect(err).toMatchObject({ code: 'END_USER_TERMS_VERSION_NOT_FOUND', details: { field: 'agreementConsents.0.termsVersion' } })
    // a version of another agreement type is not a version of this one
    const other = await failure(create(h, ctx, individual({}, { agreementConsents: [consent({ termsVersion: 'P2' })] })))
    expect(other.code).toBe('END_USER_TERMS_VERSION_NOT_FOUND')
    expect({ consents: await storedConsents(), customers: await open(h.db).customer.count() }).toEqual(before)
  })

  it('rejects malformed acceptances, naming each field', async () => {
    const bad = consent({ type: 'NOPE', ipAddress: '999.1.1.1', acceptanceMethod: 'NOD', acceptedAt: undefined })
    const err = await failure(create(h, newTenant(), individual({}, { agreementConsents: [bad, consent(), consent()] })))
    expect(err.code).toBe('INVALID_INPUT')
    expect((err.details.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
      'agreementConsents.0.type', 'agreementConsents.0.acceptedAt', 'agreementConsents.0.ipAddress',
      'agreementConsents.0.acceptanceMethod', 'agreementConsents.2.type',
    ])
  })

  it('stores the deprecated endUserTermsConsent as a SERVICE_END_USER_TERMS acceptance', async () => {
    const ctx = newTenant()
    const { type: _type, ...legacy } = consent()
    const created = await create(h, ctx, individual({}, { endUserTermsConsent: legacy }))
    expect(created.agreementConsents).toEqual([shownConsent()])
    const rows = await open(h.db).agreementConsent.findMany({ where: { customerId: created.id } })
    expect(rows.map((r) => r.agreementType)).toEqual(['SERVICE_END_USER_TERMS'])
  })

  it('rejects both consent forms in one request', async () => {
    const { type: _type, ...legacy } = consent()
    const err = await failure(create(h, newTenant(), individual({}, { agreementConsents: [consent()], endUserTermsConsent: legacy })))
    expect(err).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'endUserTermsConsent' })] } })
  })

  it('records consent for a customer created without it, leaving other types untouched', async () => {
    const ctx = newTenant()
    const created = await create(h, ctx, individual({}, { agreementConsents: [consent({ type: PRIVACY_NOTICE.type, termsVersion: 'P2' })] }))
    const { type: _type, ...legacy } = consent()
    const updated = await update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL', endUserTermsConsent: legacy })
    expect(updated.agreementConsents.map((c) => c.type)).toEqual(['SERVICE_END_USER_TERMS', PRIVACY_NOTICE.type])
  })

  it('refuses consent fields from a regulated platform, on create and on update', async () => {
    const ctx = newTenant()
    h.platforms.set(ctx, { isRegulatedFinancialInstitution: true })
    const onCreate = await failure(create(h, ctx, individual({}, { agreementConsents: [consent()] })))
    expect(onCreate).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'agreementConsents' })] } })
    const created = await create(h, ctx, individual())
    const { type: _type, ...legacy } = consent()
    const onUpdate = await failure(update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL', endUserTermsConsent: legacy }))
    expect(onUpdate).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'endUserTermsConsent' })] } })
  })
})
