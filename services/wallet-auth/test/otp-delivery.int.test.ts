import { readFileSync } from 'node:fs'
import { callUnary } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { codeSenderOf, type CodeSender } from '@pp/outbound-messages'
import { codeIn, startTestMessageProviders, type TestMessageProviders } from '@pp/testing/message-providers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadWalletAuthConfig } from '../src/config.js'
import { open } from '../src/db/client.js'
import type { AuthMethodView } from '../src/domain/credentials/credential-view.js'
import { messageOtpSender } from '../src/providers/otp/message-otp-sender.js'
import { addEmailOtp, authMethodOf, otpLogin } from './device.js'
import { startHarness, tenantOf, type Harness } from './harness.js'

/**
 * Production OTP codes through real providers on the loopback: an SMTP server with TLS and AUTH
 * and an HTTP server answering as an SMS API, configured as main.ts configures them (the service's
 * settings, its secret files, codeSenderOf). Each code is read from what the provider received
 * and logs the credential in through the service's own RPCs.
 */
let h: Harness
let providers: TestMessageProviders
let codes: CodeSender

beforeAll(async () => {
  providers = await startTestMessageProviders('starttls')
  const config = loadWalletAuthConfig({ DATABASE_URL: 'postgresql://wallet_auth@127.0.0.1:5432/wallet_auth', ...providers.env })
  codes = codeSenderOf(config, (path) => readFileSync(path, 'utf8'), createLogger('wallet-auth-test', 'silent'))!
  h = await startHarness('otp_delivery', { otpSender: messageOtpSender(codes, config.OTP_CHALLENGE_TTL_MS) })
})
afterAll(async () => {
  await h?.stop()
  codes?.close()
  await providers?.close()
})

const addSmsOtp = async (accountId: string): Promise<AuthMethodView> =>
  authMethodOf(await callUnary(h.client, h.client.createAuthCredential, { accountId, type: 'SMS_OTP' }, h.production))

const challenge = async (method: AuthMethodView): Promise<string> => {
  const { challengeJson } = await callUnary(h.client, h.client.challengeAuthCredential, { id: method.id }, h.production)
  return (JSON.parse(challengeJson) as AuthMethodView).otpEncryptionTargetBundle!
}

describe('production OTP delivery', () => {
  it('emails the code over TLS with AUTH, worded with its expiry, and the code logs the credential in', async () => {
    const wallet = h.directory.add(tenantOf(h.production))
    const method = await addEmailOtp(h, h.production, wallet.accountId)
    const mail = await providers.smtp.mailTo(wallet.email)
    expect(mail.subject).toBe('Your sign-in code')
    expect(mail.text).toContain('It expires in 5 minutes.')
    expect(mail.html).toContain(codeIn(mail.text))
    const { session } = await otpLogin(h, h.production, method, method.otpEncryptionTargetBundle, codeIn(mail.text))
    expect(session).toMatchObject({ accountId: wallet.accountId, type: 'EMAIL_OTP' })
  })

  it('sends the SMS to the API as its form, with Basic auth, and the code logs the credential in', async () => {
    const wallet = h.directory.add(tenantOf(h.production))
    const method = await addSmsOtp(wallet.accountId)
    const request = await providers.sms.messageTo(wallet.phoneNumber)
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${providers.sms.accountId}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${providers.sms.accountId}:${providers.sms.authToken}`).toString('base64')}`,
      form: { To: wallet.phoneNumber, From: providers.sms.env.SMS_SENDER, Body: expect.stringMatching(/^\d{6} is your code to sign in to your wallet\. It expires in 5 minutes\./) },
    })
    const { session } = await otpLogin(h, h.production, method, method.otpEncryptionTargetBundle, codeIn(request.form.Body))
    expect(session).toMatchObject({ accountId: wallet.accountId, type: 'SMS_OTP' })
  })

  it('retries an SMS API answering 503 twice, then sends once', async () => {
    const wallet = h.directory.add(tenantOf(h.production))
    providers.sms.answerNext(503, 503)
    const method = await addSmsOtp(wallet.accountId)
    expect(providers.sms.requests().filter((r) => r.form.To === wallet.phoneNumber)).toHaveLength(3)
    const { session } = await otpLogin(h, h.production, method, method.otpEncryptionTargetBundle, codeIn((await providers.sms.messageTo(wallet.phoneNumber)).form.Body))
    expect(session.accountId).toBe(wallet.accountId)
  })

  it('answers 503 SERVICE_UNAVAILABLE when the SMS API stays down, storing no credential, and no challenge beside the live one', async () => {
    const wallet = h.directory.add(tenantOf(h.production))
    providers.sms.answerNext(503, 503, 503)
    await expect(addSmsOtp(wallet.accountId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { channel: 'SMS' } })
    expect(await open(h.db).authMethod.count({ where: { accountId: wallet.accountId } })).toBe(0)

    // a credential whose new code cannot be sent keeps the code it has
    const method = await addSmsOtp(wallet.accountId)
    const sent = codeIn((await providers.sms.messageTo(wallet.phoneNumber)).form.Body)
    providers.sms.answerNext(503, 503, 503)
    await expect(challenge(method)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    expect(await open(h.db).otpChallenge.count({ where: { authMethodId: method.id } })).toBe(1)
    const { session } = await otpLogin(h, h.production, method, method.otpEncryptionTargetBundle, sent)
    expect(session.accountId).toBe(wallet.accountId)
  })

  it('answers 500 at once when the SMS API refuses the message (4xx), storing nothing', async () => {
    const wallet = h.directory.add(tenantOf(h.production))
    const before = providers.sms.requests().length
    providers.sms.answerNext(400)
    await expect(addSmsOtp(wallet.accountId)).rejects.toMatchObject({ code: 'INTERNAL_ERROR', details: { channel: 'SMS' } })
    expect(providers.sms.requests().length - before).toBe(1)
    expect(await open(h.db).authMethod.count({ where: { accountId: wallet.accountId } })).toBe(0)
  })

  it('keeps the sandbox on its fixed code, sending nothing', async () => {
    const wallet = h.directory.add(tenantOf(h.sandbox))
    const method = await addEmailOtp(h, h.sandbox, wallet.accountId)
    await otpLogin(h, h.sandbox, method)
    expect(providers.smtp.received().some((mail) => mail.to && JSON.stringify(mail.to).includes(wallet.email))).toBe(false)
  })
})
