import { createHash } from 'node:crypto'
import { callUnary } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { ListCustomersRequest, UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consent, create, customerOf, failure, individual, newTenant, PRIVACY_NOTICE, startHarness, TEST_SETTINGS, type Harness } from './harness.js'
import { eventsAbout, verificationClients, type VerificationClients } from './verification-helpers.js'
import { open } from '../src/db/client.js'

let h: Harness
let c: VerificationClients
let clockOffsetMs = 0
const RESEND_INTERVAL_MS = 30_000
const HOUR_MS = 3_600_000

beforeAll(async () => {
  h = await startHarness('contact_verification', {
    settings: { ...TEST_SETTINGS, contactCodeResendIntervalMs: RESEND_INTERVAL_MS },
    now: () => new Date(Date.now() + clockOffsetMs),
  })
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

const storedChannel = (customerId: string, channel: string) =>
  open(h.db).contactVerification.findUniqueOrThrow({ where: { customerId_channel: { customerId, channel } } })

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

  it('keeps the wrong codes of the hour across resends: a new code does not restore them', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    await send(ctx, customer.id, 'EMAIL')
    for (let i = 0; i < 2; i += 1) expect((await failure(confirm(ctx, customer.id, 'EMAIL', '000000'))).code).toBe('INVALID_INPUT')
    clockOffsetMs += RESEND_INTERVAL_MS
    await send(ctx, customer.id, 'EMAIL')
    expect((await failure(confirm(ctx, customer.id, 'EMAIL', '000000'))).code).toBe('INVALID_INPUT')
    const blocked = await failure(confirm(ctx, customer.id, 'EMAIL', '123456'))
    expect(blocked.details.errors).toEqual([expect.objectContaining({ field: 'code', message: expect.stringContaining('too many attempts') })])
    // no new code goes out while the hour's wrong codes are used up: it could not be confirmed
    clockOffsetMs += RESEND_INTERVAL_MS
    const refused = await failure(send(ctx, customer.id, 'EMAIL'))
    expect(refused.code).toBe('RATE_LIMITED')
    expect(refused.details.retryAfterSeconds).toBeGreaterThan(3_500)
    clockOffsetMs += HOUR_MS
    await send(ctx, customer.id, 'EMAIL')
    expect((await confirm(ctx, customer.id, 'EMAIL', '123456')).contactVerification!.email).toBe('VERIFIED')
  })

  it('counts parallel wrong codes one by one: no more are compared than the hour allows', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    await send(ctx, customer.id, 'PHONE')
    const answers = await Promise.all(Array.from({ length: 20 }, () => failure(confirm(ctx, customer.id, 'PHONE', '000000'))))
    const messages = answers.map((a) => (a.details.errors as Array<{ message: string }>)[0]!.message)
    expect(messages.filter((m) => m === 'wrong code')).toHaveLength(TEST_SETTINGS.contactCodeAttemptsMax)
    expect(messages.filter((m) => m.startsWith('too many attempts'))).toHaveLength(20 - TEST_SETTINGS.contactCodeAttemptsMax)
    expect((await storedChannel(customer.id, 'PHONE')).failedAttempts).toBe(TEST_SETTINGS.contactCodeAttemptsMax)
    expect((await failure(confirm(ctx, customer.id, 'PHONE', '123456'))).code).toBe('INVALID_INPUT')
  })

  it('throttles sends: one per resend interval, CONTACT_CODES_PER_HOUR an hour, 429 with when to retry', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    // of parallel sends one goes out: the interval is checked and the send counted under a lock
    const sends = await Promise.allSettled(Array.from({ length: 10 }, () => send(ctx, customer.id, 'EMAIL')))
    expect(sends.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const tooSoon = await failure(send(ctx, customer.id, 'EMAIL'))
    expect(tooSoon).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } })
    expect(tooSoon.details.retryAfterSeconds).toBeLessThanOrEqual(RESEND_INTERVAL_MS / 1000)
    for (let sent = 1; sent < TEST_SETTINGS.contactCodesPerHour; sent += 1) {
      clockOffsetMs += RESEND_INTERVAL_MS
      await send(ctx, customer.id, 'EMAIL')
    }
    clockOffsetMs += RESEND_INTERVAL_MS
    const capped = await failure(send(ctx, customer.id, 'EMAIL'))
    expect(capped.code).toBe('RATE_LIMITED')
    expect(capped.details.retryAfterSeconds).toBeGreaterThan(3_000)
    // the phone has a count of its own
    await send(ctx, customer.id, 'PHONE')
    clockOffsetMs += HOUR_MS
    await send(ctx, customer.id, 'EMAIL')
    expect((await confirm(ctx, customer.id, 'EMAIL', '123456')).contactVerification!.email).toBe('VERIFIED')
  })

  it('keeps an HMAC of the code, bound to the customer, channel and address, never a plain hash', async () => {
    const ctx = newTenant()
    const customer = await euCustomer(ctx)
    await send(ctx, customer.id, 'EMAIL')
    const row = await storedChannel(customer.id, 'EMAIL')
    expect(row.codeHash).toBe(h.deps.codes.digest(customer.id, 'EMAIL', 'k@example.de', '123456'))
    expect(row.codeHash).not.toBe(createHash('sha256').update(`${customer.id}\nEMAIL\nk@example.de\n123456`).digest('hex'))
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

  it('has no sender in production, and a send that fails counts nothing', async () => {
    const ctx = newTenant('PRODUCTION')
    const customer = await euCustomer(ctx)
    expect((await failure(send(ctx, customer.id, 'EMAIL'))).code).toBe('NOT_IMPLEMENTED')
    expect(await open(h.db).contactVerification.count({ where: { customerId: customer.id } })).toBe(0)
  })
})
