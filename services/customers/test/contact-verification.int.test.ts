import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { ListCustomersRequest, UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consent, create, customerOf, failure, individual, newTenant, PRIVACY_NOTICE, startHarness, type Harness } from './harness.js'
import { eventsAbout, verificationClients, type VerificationClients } from './verification-helpers.js'

let h: Harness
let c: VerificationClients

beforeAll(async () => {
  h = await startHarness('contact_verification')
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
})

const send = (ctx: Caller, customerId: string, channel: string) =>
  callUnary(c.contact, c.contact.sendContactVerificationCode, { customerId, channel }, ctx)
const confirm = async (ctx: Caller, customerId: string, channel: string, code: string) =>
  customerOf(await callUnary(c.contact, c.contact.confirmContactVerification, { customerId, channel, code }, ctx))

const euCustomer = (ctx: Caller) => create(h, ctx, individual({ region: 'DE', email: 'k@example.de', phoneNumber: '+4915112345678' }))

describe('contact verification', () => {
  it('verifies email and phone of an EU customer with the sandbox code, writing CUSTOMER.UPDATED', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    await send(ctx, customer.id, 'EMAIL')
    expect((await confirm(ctx, customer.id, 'EMAIL', '123456')).contactVerification).toEqual({ email: 'VERIFIED', phone: 'PENDING' })
    await send(ctx, customer.id, 'PHONE')
    expect((await confirm(ctx, customer.id, 'PHONE', '123456')).contactVerification).toEqual({ email: 'VERIFIED', phone: 'VERIFIED' })
    expect((await eventsAbout(h, customer.id)).map((e) => e.type)).toEqual(['CUSTOMER.CREATED', 'CUSTOMER.UPDATED', 'CUSTOMER.UPDATED'])
    expect((await failure(send(ctx, customer.id, 'EMAIL'))).code).toBe('CONFLICT')
  })

  it('reads back consents and confirmed contacts through GetCustomer and ListCustomers exactly as the confirmation answered', async () => {
    const ctx = newTenant()
    const profile = { region: 'DE', email: 'k@example.de', phoneNumber: '+4915112345678', platformCustomerId: 'read-back', birthDate: '1990-01-15' }
    const consents = [consent({ type: PRIVACY_NOTICE.type, termsVersion: 'P1' }), consent({ acceptedAt: new Date('2025-10-14T10:00:00.123Z') })]
    const customer = await create(h, ctx, individual(profile, { agreementConsents: consents }))
    await send(ctx, customer.id, 'EMAIL')
    const confirmed = await confirm(ctx, customer.id, 'EMAIL', '123456')
    expect(confirmed.contactVerification).toEqual({ email: 'VERIFIED', phone: 'PENDING' })
    expect(confirmed.agreementConsents.map((c) => c.type)).toEqual(['SERVICE_END_USER_TERMS', PRIVACY_NOTICE.type])

    expect(customerOf(await callUnary(h.client, h.client.getCustomer, { customerId: customer.id }, ctx))).toEqual(confirmed)
    const { pageJson } = await callUnary(h.client, h.client.listCustomers, ListCustomersRequest.fromPartial({ platformCustomerId: 'read-back' }), ctx)
    expect(JSON.parse(pageJson)).toEqual({ data: [confirmed], hasMore: false, totalCount: 1 })
    expect((await failure(callUnary(h.client, h.client.getCustomer, { customerId: customer.id }, newTenant()))).code).toBe('CUSTOMER_NOT_FOUND')
  })

  it('answers 409 CONFLICT for customers whose provider does not require it, and shows no contactVerification', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ region: 'US', email: 'a@example.com' }))
    expect(customer.contactVerification).toBeUndefined()
    expect((await failure(send(ctx, customer.id, 'EMAIL'))).code).toBe('CONFLICT')
    expect((await failure(confirm(ctx, customer.id, 'EMAIL', '123456'))).code).toBe('CONFLICT')
  })

  it('refuses a wrong code, then every code after too many attempts until a new one is sent', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    await send(ctx, customer.id, 'EMAIL')
    for (let i = 0; i < 3; i += 1) expect((await failure(confirm(ctx, customer.id, 'EMAIL', '000000'))).code).toBe('INVALID_INPUT')
    const blocked = await failure(confirm(ctx, customer.id, 'EMAIL', '123456'))
    expect(blocked.details.errors).toEqual([expect.objectContaining({ field: 'code', message: expect.stringContaining('too many attempts') })])
    await send(ctx, customer.id, 'EMAIL')
    expect((await confirm(ctx, customer.id, 'EMAIL', '123456')).contactVerification!.email).toBe('VERIFIED')
  })

  it('makes a changed email PENDING again, and a code sent to the old address useless', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    await send(ctx, customer.id, 'EMAIL')
    await confirm(ctx, customer.id, 'EMAIL', '123456')
    await send(ctx, customer.id, 'PHONE')
    const change = UpdateCustomerRequest.fromPartial({ customerId: customer.id, customerType: 'INDIVIDUAL', profile: { email: 'new@example.de', phoneNumber: '+4915199999999' } })
    const changed = customerOf(await callUnary(h.client, h.client.updateCustomer, change, ctx))
    expect(changed!.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' })
    expect((await failure(confirm(ctx, customer.id, 'PHONE', '123456'))).code).toBe('INVALID_INPUT')
  })

  it('needs an address to send to, and refuses an unknown channel', async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ region: 'FR' }))
    expect(await failure(send(ctx, customer.id, 'EMAIL'))).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'email' }] } })
    expect((await failure(send(ctx, customer.id, 'PIGEON'))).code).toBe('INVALID_INPUT')
    expect((await failure(send(newTenant(), customer.id, 'EMAIL'))).code).toBe('CUSTOMER_NOT_FOUND')
  })

  it('has no sender in production', async () => {
    const ctx = newTenant('PRODUCTION')
    const customer = await euCustomer(ctx)
    expect((await failure(send(ctx, customer.id, 'EMAIL'))).code).toBe('SERVICE_UNAVAILABLE')
  })
})
