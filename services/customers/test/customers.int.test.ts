import { callUnary } from '@pp/grpc'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { business, create, customerOf, failure, individual, newTenant, startHarness, type Harness } from './harness.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('crud')
})
afterAll(() => h?.stop())

const get = (ctx: ReturnType<typeof newTenant>, customerId: string) =>
  callUnary(h.client, h.client.getCustomer, { customerId }, ctx).then(customerOf)
const update = (ctx: ReturnType<typeof newTenant>, request: Parameters<typeof UpdateCustomerRequest.fromPartial>[0]) =>
  callUnary(h.client, h.client.updateCustomer, UpdateCustomerRequest.fromPartial(request), ctx).then(customerOf)
const remove = (ctx: ReturnType<typeof newTenant>, customerId: string) =>
  callUnary(h.client, h.client.deleteCustomer, { customerId }, ctx).then(customerOf)

describe('customers', () => {
  describe('CreateCustomer', () => {
    it('creates an individual with its profile, read back by GetCustomer', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, individual({
        platformCustomerId: 'ind-1',
        email: 'jane@example.com',
        birthDate: '1990-01-15',
        currencies: ['USD', 'USDC'],
        address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
        identifier: '123-45-6789',
        sourceOfFundsCategories: ['SALARY'],
      }))
      expect(created.id).toMatch(/^Customer:[0-9a-f-]{36}$/)
      expect(created).toMatchObject({ customerType: 'INDIVIDUAL', kycStatus: 'UNVERIFIED', isDeleted: false, agreementConsents: [] })
      expect(created).not.toHaveProperty('kybStatus')
      expect(created).toMatchObject({ platformCustomerId: 'ind-1', birthDate: '1990-01-15', currencies: ['USD', 'USDC'], sourceOfFundsCategories: ['SALARY'] })
      expect((created as { identifier?: string }).identifier).toBeUndefined()
      expect(await get(ctx, created.id)).toEqual(created)
    })

    it('creates a business with its business info and a kybStatus', async () => {
      const created = await create(h, newTenant(), business())
      expect(created).toMatchObject({ customerType: 'BUSINESS', kybStatus: 'UNVERIFIED' })
      expect(created).not.toHaveProperty('kycStatus')
      expect(created.businessInfo).toMatchObject({ legalName: 'Acme Corporation', incorporatedOn: '2018-03-14' })
    })

    it('rejects a business without its required details, naming each field', async () => {
      const err = await failure(create(h, newTenant(), business({ profile: { businessInfo: { legalName: 'Acme' } } })))
      expect(err.code).toBe('INVALID_INPUT')
      expect((err.details.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
        'businessInfo.country', 'businessInfo.taxId', 'businessInfo.incorporatedOn',
      ])
    })

    it('rejects an unknown customer type, fields of the other type and impossible dates', async () => {
      const ctx = newTenant()
      expect((await failure(create(h, ctx, individual({}, { customerType: '' })))).code).toBe('INVALID_INPUT')
      const businessInfo = { legalName: 'A', country: 'US', taxId: '1', incorporatedOn: '2018-03-14' }
      const wrongType = await failure(create(h, ctx, business({ profile: { fullName: 'Jane', businessInfo } })))
      expect(wrongType.details.errors).toEqual([expect.objectContaining({ field: 'fullName' })])
      const badDate = await failure(create(h, ctx, individual({ birthDate: '1990-02-30' })))
      expect(badDate.details.errors).toEqual([expect.objectContaining({ field: 'birthDate', constraint: { format: 'date' } })])
    })

    it('answers CONFLICT when the platformCustomerId belongs to an active customer of the tenant', async () => {
      const ctx = newTenant()
      await create(h, ctx, individual({ platformCustomerId: 'dup' }))
      expect((await failure(create(h, ctx, individual({ platformCustomerId: 'dup' })))).code).toBe('CONFLICT')
      // the same identifier in another environment or platform is another tenant's business
      await create(h, { ...ctx, environment: 'PRODUCTION' }, individual({ platformCustomerId: 'dup' }))
      await create(h, newTenant(), individual({ platformCustomerId: 'dup' }))
    })

    it('lets exactly one of two concurrent creates with one platformCustomerId win', async () => {
      const ctx = newTenant()
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => create(h, ctx, individual({ platformCustomerId: 'race' }))),
      )
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      expect(rejected.map((r) => (r.reason as { code: string }).code)).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT'])
    })
  })

  describe('sandbox status at creation', () => {
    it.each([
      ['regulated', { isRegulatedFinancialInstitution: true }],
      ['skip-paperwork', { skipVerificationPaperwork: true }],
    ])('approves an individual on a %s platform', async (_label, settings) => {
      const ctx = newTenant()
      h.platforms.set(ctx, settings)
      expect((await create(h, ctx, individual({ fullName: 'Jane Doe' }))).kycStatus).toBe('APPROVED')
    })

    it.each(['Jane 001', 'Jane 002', 'Jane 003'])('keeps %s unverified: the suffix asks for paperwork', async (fullName) => {
      const ctx = newTenant()
      h.platforms.set(ctx, { skipVerificationPaperwork: true })
      expect((await create(h, ctx, individual({ fullName }))).kycStatus).toBe('UNVERIFIED')
    })

    it('keeps an individual of a default unregulated platform unverified', async () => {
      expect((await create(h, newTenant(), individual({ fullName: 'Jane Doe' }))).kycStatus).toBe('UNVERIFIED')
    })

    it('never resolves a business at creation', async () => {
      const ctx = newTenant()
      h.platforms.set(ctx, { isRegulatedFinancialInstitution: true, skipVerificationPaperwork: true })
      expect((await create(h, ctx, business())).kybStatus).toBe('UNVERIFIED')
    })

    it('starts production customers unverified whatever the platform', async () => {
      const ctx = newTenant('PRODUCTION')
      h.platforms.set(ctx, { isRegulatedFinancialInstitution: true, skipVerificationPaperwork: true })
      expect((await create(h, ctx, individual({ fullName: 'Jane Doe' }))).kycStatus).toBe('UNVERIFIED')
    })
  })

  describe('UpdateCustomer', () => {
    it('changes the fields sent and keeps the others', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, individual({ email: 'a@example.com', currencies: ['USD'] }))
      const updated = await update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL', profile: { email: 'b@example.com' } })
      expect(updated).toMatchObject({ fullName: 'Jane Doe', email: 'b@example.com', currencies: ['USD'] })
      expect(updated.updatedAt >= created.updatedAt).toBe(true)
    })

    it('merges business info field by field', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, business())
      const updated = await update(ctx, { customerId: created.id, customerType: 'BUSINESS', profile: { businessInfo: { taxId: '99-9999999' } } })
      expect(updated.businessInfo).toMatchObject({ legalName: 'Acme Corporation', taxId: '99-9999999' })
    })

    it('requires the customer type, and the customer’s own', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, individual())
      expect((await failure(update(ctx, { customerId: created.id, customerType: '' }))).code).toBe('INVALID_INPUT')
      const mismatch = await failure(update(ctx, { customerId: created.id, customerType: 'BUSINESS' }))
      expect(mismatch.details.errors).toEqual([expect.objectContaining({ field: 'customerType' })])
    })

    it('refuses to change the fields fixed at creation', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, individual({ platformCustomerId: 'fixed' }))
      const err = await failure(update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL', profile: { platformCustomerId: 'other' } }))
      expect(err.details.errors).toEqual([expect.objectContaining({ field: 'platformCustomerId' })])
    })
  })

  describe('DeleteCustomer', () => {
    it('marks the customer deleted once, then answers CUSTOMER_DELETED', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, individual())
      expect((await remove(ctx, created.id)).isDeleted).toBe(true)
      expect((await get(ctx, created.id)).isDeleted).toBe(true)
      expect((await failure(remove(ctx, created.id))).code).toBe('CUSTOMER_DELETED')
      expect((await failure(update(ctx, { customerId: created.id, customerType: 'INDIVIDUAL' }))).code).toBe('CUSTOMER_DELETED')
    })

    it('frees the platformCustomerId for a new customer', async () => {
      const ctx = newTenant()
      const first = await create(h, ctx, individual({ platformCustomerId: 'reused' }))
      await remove(ctx, first.id)
      const second = await create(h, ctx, individual({ platformCustomerId: 'reused' }))
      expect(second.id).not.toBe(first.id)
    })
  })

  describe('tenant isolation', () => {
    it('hides a customer from other platforms and from the other environment', async () => {
      const ctx = newTenant()
      const created = await create(h, ctx, individual())
      for (const other of [newTenant(), { ...ctx, environment: 'PRODUCTION' as const }]) {
        expect((await failure(get(other, created.id))).code).toBe('CUSTOMER_NOT_FOUND')
        expect((await failure(update(other, { customerId: created.id, customerType: 'INDIVIDUAL' }))).code).toBe('CUSTOMER_NOT_FOUND')
        expect((await failure(remove(other, created.id))).code).toBe('CUSTOMER_NOT_FOUND')
      }
      expect((await failure(get(ctx, 'Customer:does-not-exist'))).code).toBe('CUSTOMER_NOT_FOUND')
    })

    it('refuses a call that names no platform', async () => {
      const err = await failure(callUnary(h.client, h.client.getCustomer, { customerId: 'x' }, { environment: 'SANDBOX' }))
      expect(err.code).toBe('UNAUTHORIZED')
    })
  })
})
