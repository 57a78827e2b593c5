import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { callUnary } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { codeSenderOf, type CodeSender } from '@pp/outbound-messages'
import type { Caller } from '@pp/tenancy'
import { codeIn, startTestMessageProviders, type TestMessageProviders } from '@pp/testing/message-providers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCustomersConfig } from '../src/config.js'
import { open } from '../src/db/client.js'
import { productionContactCodes } from '../src/providers/verification/contact-codes.js'
import { verificationProviders } from '../src/providers/verification/verification-providers.js'
import { create, customerOf, failure, individual, newTenant, startHarness, type Harness } from './harness.js'
import { verificationClients, type VerificationClients } from './verification-helpers.js'

/**
 * Production contact verification through real providers on the loopback (an SMTP server with
 * implicit TLS and AUTH, an HTTP server answering as an SMS API), configured from the service's
 * settings as main.ts does. The code each provider received confirms the contact.
 */
let h: Harness
let c: VerificationClients
let providers: TestMessageProviders
let codes: CodeSender

beforeAll(async () => {
  providers = await startTestMessageProviders('implicit')
  const config = loadCustomersConfig({ DATABASE_URL: 'postgresql://customers@127.0.0.1:5432/customers', ...providers.env })
  codes = codeSenderOf(config, (path) => readFileSync(path, 'utf8'), createLogger('customers-test', 'silent'))!
  h = await startHarness('contact_delivery', { verification: verificationProviders(productionContactCodes(codes)) })
  c = verificationClients(h)
})
afterAll(async () => {
  c?.close()
  await h?.stop()
  codes?.close()
  await providers?.close()
})

const send = (ctx: Caller, customerId: string, channel: string) =>
  callUnary(c.contact, c.contact.sendContactVerificationCode, { customerId, channel }, ctx)
const confirm = async (ctx: Caller, customerId: string, channel: string, code: string) =>
  customerOf(await callUnary(c.contact, c.contact.confirmContactVerification, { customerId, channel, code }, ctx))

/** An EU customer (contact verification required) with an address and a number of its own. */
const euCustomer = (ctx: Caller) => {
  const email = `${randomBytes(4).toString('hex')}@example.de`
  const phoneNumber = `+49151${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`
  return create(h, ctx, individual({ region: 'DE', email, phoneNumber })).then((customer) => ({ customer, email, phoneNumber }))
}

describe('production contact verification', () => {
  it('emails a code and texts another; each confirms its channel, and the sandbox code does not', async () => {
    const ctx = newTenant('PRODUCTION')
    const { customer, email, phoneNumber } = await euCustomer(ctx)

    await send(ctx, customer.id, 'EMAIL')
    const mail = await providers.smtp.mailTo(email)
    expect(mail.subject).toBe('Verify your email address')
    // TEST_SETTINGS.contactCodeTtlMs: a minute
    expect(mail.text).toContain('Your code to verify your email address is:')
    expect(mail.text).toContain('It expires in 1 minute.')
    expect((await failure(confirm(ctx, customer.id, 'EMAIL', '123456'))).code).toBe('INVALID_INPUT')
    expect((await confirm(ctx, customer.id, 'EMAIL', codeIn(mail.text))).contactVerification).toEqual({ email: 'VERIFIED', phone: 'PENDING' })

    await send(ctx, customer.id, 'PHONE')
    const request = await providers.sms.messageTo(phoneNumber)
    expect(request.path).toBe(`/2010-04-01/Accounts/${providers.sms.accountId}/Messages.json`)
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${providers.sms.accountId}:${providers.sms.authToken}`).toString('base64')}`)
    expect(request.form).toEqual({ To: phoneNumber, From: providers.sms.env.SMS_SENDER, Body: expect.stringMatching(/^\d{6} is your code to verify your phone number\. It expires in 1 minute\./) })
    expect((await confirm(ctx, customer.id, 'PHONE', codeIn(request.form.Body))).contactVerification).toEqual({ email: 'VERIFIED', phone: 'VERIFIED' })
  })

  it('retries the SMS API through two 503s; when it stays down answers 503 and counts no send', async () => {
    const ctx = newTenant('PRODUCTION')
    const { customer, phoneNumber } = await euCustomer(ctx)
    providers.sms.answerNext(503, 503, 503)
    expect(await failure(send(ctx, customer.id, 'PHONE'))).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { channel: 'SMS' } })
    expect(providers.sms.requests().filter((r) => r.form.To === phoneNumber)).toHaveLength(3)
    expect(await open(h.db).contactVerification.count({ where: { customerId: customer.id } })).toBe(0)

    providers.sms.answerNext(503, 503)
    await send(ctx, customer.id, 'PHONE')
    expect(providers.sms.requests().filter((r) => r.form.To === phoneNumber)).toHaveLength(6)
    const stored = await open(h.db).contactVerification.findUniqueOrThrow({ where: { customerId_channel: { customerId: customer.id, channel: 'PHONE' } } })
    expect(stored.codeHash).not.toBeNull()
    const code = codeIn((await providers.sms.messageTo(phoneNumber)).form.Body)
    expect((await confirm(ctx, customer.id, 'PHONE', code)).contactVerification).toMatchObject({ phone: 'VERIFIED' })
  })
})
