import { readFileSync } from 'node:fs'
import { loadConfig } from '@pp/config'
import { createLogger } from '@pp/logging'
import { startTestSmsApi, startTestSmtpServer, type TestSmsApi, type TestSmtpServer } from '@pp/testing/message-providers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeSenderOf, messageSettingsConfig, requireMessageSettings, smsApiSettingsOf, smtpSettingsOf } from './settings.js'

/** The settings as a service reads them, with retries that wait little. */
const schema = messageSettingsConfig.superRefine(requireMessageSettings)
const FAST_RETRIES = { MESSAGE_RETRY_DELAY_MS: '10', MESSAGE_SEND_TIMEOUT_MS: '10000' }
const readFile = (path: string) => readFileSync(path, 'utf8')
const senderFor = (env: Record<string, string>, readSecret = readFile) =>
  codeSenderOf(loadConfig(schema, { ...FAST_RETRIES, ...env }), readSecret, createLogger('test', 'silent'))!

const login = (code: string) => ({ kind: 'WALLET_LOGIN' as const, code, validForMs: 5 * 60_000 })
const failureOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure') }, (err: unknown) => err as { code: string; message: string; details: object })

describe.each(['implicit', 'starttls'] as const)('email over SMTP with %s TLS', (tls) => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startTestSmtpServer(tls)
  })
  afterAll(() => smtp?.close())

  it('logs in and sends the code in plain text and HTML, with its expiry, from SMTP_FROM', async () => {
    const sender = senderFor(smtp.env)
    await sender.send('EMAIL', `a-${tls}@example.com`, login('493817'))
    const mail = await smtp.mailTo(`a-${tls}@example.com`)
    expect(mail.from?.value).toEqual([{ name: 'Payments', address: 'no-reply@payments.test' }])
    expect(mail.subject).toBe('Your sign-in code')
    expect(mail.text).toContain('Your code to sign in to your wallet is:\n\n493817\n\nIt expires in 5 minutes.')
    expect(mail.html).toMatch(/<p[^>]*>493817<\/p>[\s\S]*It expires in 5 minutes\./)
    sender.close()
  })

  it('refuses a server whose certificate the configured CA did not sign: verification stays on', async () => {
    const { SMTP_CA_FILE: _ca, ...withoutCa } = smtp.env
    const sender = senderFor(withoutCa)
    // a settings fault: another attempt would meet the same certificate, so none is made
    expect(await failureOf(sender.send('EMAIL', 'b@example.com', login('111111')))).toMatchObject({ code: 'INTERNAL_ERROR', details: { channel: 'EMAIL' } })
    expect(smtp.received().some((mail) => mail.text?.includes('111111'))).toBe(false)
  })
})

describe('email failures', () => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startTestSmtpServer('starttls')
  })
  afterAll(() => smtp?.close())

  it('retries a temporary refusal (451) and delivers once', async () => {
    smtp.refuseNext(2, 451)
    await senderFor(smtp.env).send('EMAIL', 'retry@example.com', login('222222'))
    expect((await smtp.mailTo('retry@example.com')).text).toContain('222222')
    expect(smtp.received().filter((mail) => mail.text?.includes('222222'))).toHaveLength(1)
  })

  it('answers 503 SERVICE_UNAVAILABLE once every attempt met a temporary refusal', async () => {
    smtp.refuseNext(3, 451)
    const err = await failureOf(senderFor(smtp.env).send('EMAIL', 'busy@example.com', login('333333')))
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { channel: 'EMAIL' } })
    expect(err.message).not.toContain('333333')
  })

  it('answers 500 INTERNAL_ERROR at once for a permanent refusal (550) or a wrong password, without retrying', async () => {
    smtp.refuseNext(1, 550)
    expect(await failureOf(senderFor(smtp.env).send('EMAIL', 'refused@example.com', login('444444')))).toMatchObject({ code: 'INTERNAL_ERROR' })
    // the next message is taken: the refusal was not tried again
    await senderFor(smtp.env).send('EMAIL', 'after@example.com', login('555555'))
    expect((await smtp.mailTo('after@example.com')).text).toContain('555555')
    expect(smtp.received().some((mail) => mail.text?.includes('444444'))).toBe(false)

    const wrongPassword = (path: string) => (path === smtp.env.SMTP_PASSWORD_FILE ? 'wrong' : readFile(path))
    expect(await failureOf(senderFor(smtp.env, wrongPassword).send('EMAIL', 'x@example.com', login('666666')))).toMatchObject({ code: 'INTERNAL_ERROR' })
  })
})

describe('SMS over an HTTP API', () => {
  let api: TestSmsApi
  beforeAll(async () => {
    api = await startTestSmsApi()
  })
  afterAll(() => api?.close())

  it('posts To, From and Body form-encoded to /Accounts/{account}/Messages.json with Basic auth', async () => {
    await senderFor(api.env).send('SMS', '+14155550101', { kind: 'PHONE_VERIFICATION', code: '778899', validForMs: 60_000 })
    const request = await api.messageTo('+14155550101')
    expect(request).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${api.accountId}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${api.accountId}:${api.authToken}`).toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+14155550101', From: '+15005550006', Body: '778899 is your code to verify your phone number. It expires in 1 minute. Do not share it.' },
    })
  })

  it('retries 503 twice and then sends', async () => {
    api.answerNext(503, 503)
    const before = api.requests().length
    await senderFor(api.env).send('SMS', '+14155550102', login('121212'))
    expect(api.requests().slice(before).map((r) => r.form.To)).toEqual(['+14155550102', '+14155550102', '+14155550102'])
    expect((await api.messageTo('+14155550102')).form.Body).toContain('121212')
  })

  it('answers 503 SERVICE_UNAVAILABLE after MESSAGE_SEND_ATTEMPTS failures, and 500 at once for a 4xx', async () => {
    api.answerNext(500, 502, 503)
    const before = api.requests().length
    expect(await failureOf(senderFor(api.env).send('SMS', '+14155550103', login('131313')))).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { channel: 'SMS' } })
    expect(api.requests().length - before).toBe(3)
    api.answerNext(400)
    expect(await failureOf(senderFor(api.env).send('SMS', '+14155550104', login('141414')))).toMatchObject({ code: 'INTERNAL_ERROR', details: { channel: 'SMS' } })
    expect(api.requests().length - before).toBe(4)
  })

  it('answers 501 for email when only SMS is configured, naming SMTP_HOST', async () => {
    expect(await failureOf(senderFor(api.env).send('EMAIL', 'a@example.com', login('151515')))).toMatchObject({
      code: 'NOT_IMPLEMENTED',
      message: 'Email delivery (SMTP_HOST) is not configured in this deployment',
    })
  })
})

describe('settings', () => {
  const load = (env: Record<string, string>) => loadConfig(schema, env)

  it('configures nothing without any setting', () => {
    expect(codeSenderOf(load({}), () => 'unused', createLogger('test', 'silent'))).toBeUndefined()
  })

  it('refuses half a provider, naming each missing setting', () => {
    expect(() => load({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM: required when SMTP_HOST is set/)
    expect(() => load({ SMTP_FROM: 'a@example.com' })).toThrow(/SMTP_HOST: required when SMTP_FROM is set/)
    expect(() => load({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@example.com', SMTP_USER: 'me' })).toThrow(/SMTP_PASSWORD_FILE: required when SMTP_USER is set/)
    expect(() => load({ SMS_API_BASE_URL: 'https://api.sms.example/2010-04-01', SMS_SENDER: '+15005550006' })).toThrow(
      /SMS_ACCOUNT_ID: required when SMS_API_BASE_URL, SMS_SENDER are set[\s\S]*SMS_AUTH_TOKEN_FILE: required/,
    )
    expect(() => load({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@example.com', SMTP_TLS: 'none' })).toThrow(/SMTP_TLS/)
  })

  it('reads the secrets from their files, and defaults the port to the TLS mode: 587 with STARTTLS, 465 with implicit TLS', () => {
    const read = (path: string) => `secret of ${path}\n`
    const smtp = { SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@example.com', SMTP_USER: 'me', SMTP_PASSWORD_FILE: '/etc/smtp/password' }
    expect(smtpSettingsOf(load(smtp), read)).toMatchObject({ port: 587, tls: 'starttls', auth: { user: 'me', password: 'secret of /etc/smtp/password' } })
    expect(smtpSettingsOf(load({ ...smtp, SMTP_TLS: 'implicit' }), read)).toMatchObject({ port: 465, tls: 'implicit' })
    expect(smtpSettingsOf(load({ ...smtp, SMTP_PORT: '2525' }), read)).toMatchObject({ port: 2525 })
    const sms = { SMS_API_BASE_URL: 'https://api.sms.example/2010-04-01', SMS_ACCOUNT_ID: 'AC1', SMS_AUTH_TOKEN_FILE: '/etc/sms/token', SMS_SENDER: '+15005550006' }
    expect(smsApiSettingsOf(load(sms), read)).toEqual({ baseUrl: sms.SMS_API_BASE_URL, accountId: 'AC1', authToken: 'secret of /etc/sms/token', sender: '+15005550006', timeoutMs: 2_500 })
  })
})
