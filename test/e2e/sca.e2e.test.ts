import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, euroExternalAccount, fund, startPaymentsWorld, type Customer, type PaymentsWorld } from './payments-support.js'
import { base32Of, Passkey, totpCode, WEBAUTHN_ORIGIN } from './sca-device.js'

/**
 * Strong customer authentication end to end through the gateway: an EU customer enrols TOTP and a
 * passkey (real RFC 6238 codes, real WebAuthn attestations and assertions), logs in, has payments
 * held in PENDING_AUTHORIZATION and released by each transaction factor, fails once with a wrong
 * code (nothing moves), is refused without a session, is locked out (a password reset claimed by
 * the caller leaves the lock, the liveness-gated 2FA reset ends it); a US customer gets 409 on
 * every SCA route.
 */
let world: PaymentsWorld
let eu: Customer
let payee: Customer
let currency: string
const passkey = new Passkey()
let totpSecret: string
let recoveryCodes: string[]

const IP = '198.51.100.24'
const sca = (path: string, customer: { id: string }) => `${path}${path.includes('?') ? '&' : '?'}customerId=${encodeURIComponent(customer.id)}`

async function customer(region: string, phoneNumber?: string): Promise<Customer> {
  const consent = { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: world.termsVersion, acceptanceMethod: 'CHECKBOX' }
  const created = await world.api('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `pc-${randomBytes(6).toString('hex')}`,
    fullName: 'Marie Curie',
    region,
    email: 'marie@example.fr',
    ...(phoneNumber ? { phoneNumber } : {}),
    agreementConsents: [consent],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  let accounts: Array<{ id: string; type: string; balance: { currency: { code: string } } }> = []
  await waitUntil(async () => {
    accounts = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(created.body.id)}&limit=100`)).body.data
    return accounts.length > 0
  }, 'the customer accounts')
  const fiat = accounts.filter((a) => a.type === 'INTERNAL_FIAT')
  return { id: created.body.id, accounts: Object.fromEntries(fiat.map((a) => [a.balance.currency.code, a.id])) }
}

async function quote(from: Customer, amount: number, extra: Record<string, unknown> = {}) {
  const created = await world.api('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: from.accounts[currency] },
    destination: { destinationType: 'ACCOUNT', accountId: payee.accounts[currency] },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  })
  return created
}

const login = async (factor: string, proof: Record<string, unknown>, challengeId?: string) =>
  world.api('POST', sca('/sca/login/complete', eu), { factor, endUserIpAddress: IP, ...(challengeId ? { challengeId } : {}), ...proof })

async function balances() {
  return { payer: await balanceOf(world, eu, currency), payee: await balanceOf(world, payee, currency) }
}

beforeAll(async () => {
  world = await startPaymentsWorld('sca')
  eu = await customer('FR', '+33612345678')
  payee = await customer('US')
  currency = Object.keys(eu.accounts).find((code) => payee.accounts[code])!
  await fund(world, eu.accounts[currency]!, 100_000)
  for (const path of ['verify-email', 'verify-phone']) {
    expect((await world.api('POST', `/customers/${eu.id}/${path}`)).status).toBe(204)
    expect((await world.api('POST', `/customers/${eu.id}/${path}/confirm`, { code: '123456' })).status).toBe(200)
  }
}, 180_000)

afterAll(async () => {
  await world?.stop()
})

describe('outside SCA regions', () => {
  it('answers 409 on every SCA route', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/sca/factors'],
      ['POST', '/sca/factors', { type: 'TOTP' }],
      ['POST', '/sca/factors/confirm', { type: 'TOTP', secret: '00'.repeat(20), code: '123456' }],
      ['DELETE', '/sca/factors/abc'],
      ['POST', '/sca/login/start', { factor: 'SMS_OTP' }],
      ['POST', '/sca/login/complete', { factor: 'TOTP', endUserIpAddress: IP, code: '123456' }],
      ['POST', '/sca/record-event', { eventType: 'FAILED_LOGIN_ATTEMPT' }],
      ['POST', '/sca/factors/reset', { factor: 'TOTP' }],
      ['GET', '/sca/factors/reset/ScaReset:019a0000-0000-7000-8000-000000000000'],
      ['POST', '/sca/factors/reset/ScaReset:019a0000-0000-7000-8000-000000000000/complete', {}],
    ]
    for (const [method, path, body] of routes) {
      const answer = await world.api(method, sca(path, payee), body)
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 409, 'CONFLICT'])
    }
    await fund(world, payee.accounts[currency]!, 1_000)
    const usQuote = (await world.api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payee.accounts[currency] },
      destination: { destinationType: 'ACCOUNT', accountId: eu.accounts[currency] },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    })).body
    for (const path of [`/quotes/${usQuote.id}/authorize`, `/quotes/${usQuote.id}/authorize/resend`]) {
      const answer = await world.api('POST', path, path.endsWith('resend') ? undefined : { code: '123456' })
      expect([path, answer.status, answer.body.code]).toEqual([path, 409, 'CONFLICT'])
    }
    // and a US customer's execute moves money at once
    expect((await world.api('POST', `/quotes/${usQuote.id}/execute`)).body.status).not.toBe('PENDING_AUTHORIZATION')
  })
})

describe('factors', () => {
  it('has SMS_OTP with a verified phone, and enrols TOTP (a real RFC 6238 code) and one passkey', async () => {
    expect((await world.api('GET', sca('/sca/factors', eu))).body).toEqual({ factors: [{ factor: 'SMS_OTP' }] })

    const started = await world.api('POST', sca('/sca/factors', eu), { type: 'TOTP' })
    expect(started.status).toBe(200)
    totpSecret = started.body.secret
    expect(started.body.secretBase32Encoded).toBe(base32Of(totpSecret))
    expect(started.body.totpUri).toMatch(/^otpauth:\/\/totp\//)
    expect(started.body.totpUri).toContain(`secret=${started.body.secretBase32Encoded}`)
    const wrongCode = String((Number(totpCode(totpSecret)) + 1) % 1_000_000).padStart(6, '0')
    const wrong = await world.api('POST', sca('/sca/factors/confirm', eu), { type: 'TOTP', secret: totpSecret, code: wrongCode })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_INPUT'])
    const confirmed = await world.api('POST', sca('/sca/factors/confirm', eu), { type: 'TOTP', secret: totpSecret, code: totpCode(totpSecret) })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ type: 'TOTP', recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[0-9a-f]{10}$/)]) })
    recoveryCodes = confirmed.body.recoveryCodes

    const passkeyStart = await world.api('POST', sca('/sca/factors', eu), { type: 'PASSKEY' })
    expect(passkeyStart.body).toMatchObject({ type: 'PASSKEY', relyingPartyId: 'localhost', allowedOrigins: [WEBAUTHN_ORIGIN] })
    const enrolled = await world.api('POST', sca('/sca/factors/confirm', eu), { type: 'PASSKEY', origin: WEBAUTHN_ORIGIN, credential: passkey.register(passkeyStart.body.options) })
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200)
    expect(enrolled.body).toEqual({ type: 'PASSKEY', factor: { factor: 'PASSKEY', credentialId: passkey.credentialId } })
    const second = await world.api('POST', sca('/sca/factors', eu), { type: 'PASSKEY' })
    expect([second.status, second.body.code]).toEqual([409, 'PASSKEY_ALREADY_ENROLLED'])

    expect((await world.api('GET', sca('/sca/factors', eu))).body.factors).toEqual([
      { factor: 'SMS_OTP' },
      { factor: 'TOTP' },
      { factor: 'PASSKEY', credentialId: passkey.credentialId },
    ])
  })
})

describe('payments held for authorization', () => {
  it('refuses to hold a payment without an SCA session, and moves nothing', async () => {
    const before = await balances()
    const pending = (await quote(eu, 1_000)).body
    const refused = await world.api('POST', `/quotes/${pending.id}/execute`)
    expect([refused.status, refused.body.code]).toEqual([409, 'SCA_SESSION_REQUIRED'])
    expect((await world.api('GET', `/quotes/${pending.id}`)).body.status).toBe('PENDING')
    expect(await balances()).toEqual(before)
  })

  it('logs in with TOTP (a wrong code refused) and with the passkey', async () => {
    expect((await world.api('POST', sca('/sca/login/start', eu), { factor: 'TOTP' })).body).toEqual({ factor: 'TOTP' })
    const wrong = await login('TOTP', { code: '000001' })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_INPUT'])
    const viaTotp = await login('TOTP', { code: totpCode(totpSecret) })
    expect(viaTotp.status).toBe(200)
    expect(viaTotp.body).toEqual({ status: 'SUCCESS', sessionExpiresAt: expect.any(String) })
    // a recovery code stands in for the authenticator app, once
    expect((await login('TOTP', { code: recoveryCodes[0] })).body.status).toBe('SUCCESS')
    expect((await login('TOTP', { code: recoveryCodes[0] })).status).toBe(400)

    const started = await world.api('POST', sca('/sca/login/start', eu), { factor: 'PASSKEY' })
    expect(started.body).toMatchObject({ factor: 'PASSKEY', relyingPartyId: 'localhost', allowedOrigins: [WEBAUTHN_ORIGIN] })
    const forged = await login('PASSKEY', { passkeyAssertion: passkey.assert(started.body.passkeyOptions, 'AAAA'), origin: WEBAUTHN_ORIGIN })
    expect(forged.status).toBe(400)
    const viaPasskey = await login('PASSKEY', { passkeyAssertion: passkey.assert(started.body.passkeyOptions), origin: WEBAUTHN_ORIGIN })
    expect([viaPasskey.status, viaPasskey.body.status]).toEqual([200, 'SUCCESS'])

    const sms = await world.api('POST', sca('/sca/login/start', eu), { factor: 'SMS_OTP' })
    expect(sms.body).toEqual({ factor: 'SMS_OTP', challengeId: expect.stringMatching(/^ScaChallenge:/), expiresAt: expect.any(String) })
    expect((await login('SMS_OTP', { code: '123456' }, sms.body.challengeId)).body.status).toBe('SUCCESS')
  })

  it('holds an execute in PENDING_AUTHORIZATION and releases it with the SMS code; a wrong code moves nothing', async () => {
    const before = await balances()
    const pending = (await quote(eu, 2_500)).body
    const held = await world.api('POST', `/quotes/${pending.id}/execute`)
    expect(held.status).toBe(200)
    expect(held.body).toMatchObject({
      id: pending.id,
      status: 'PENDING_AUTHORIZATION',
      scaChallenge: { id: expect.stringMatching(/^ScaChallenge:/), factor: 'SMS_OTP', availableFactors: ['SMS_OTP', 'PASSKEY'], expiresAt: expect.any(String) },
    })
    expect(await balances()).toEqual(before)
    const again = await world.api('POST', `/quotes/${pending.id}/execute`)
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT'])
    const tooSoon = await world.api('POST', `/quotes/${pending.id}/authorize/resend`)
    expect([tooSoon.status, tooSoon.body.code, tooSoon.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', expect.stringMatching(/^\d+$/)])

    const wrong = await world.api('POST', `/quotes/${pending.id}/authorize`, { code: '654321', endUserIpAddress: IP })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect(await balances()).toEqual(before)
    expect((await world.api('GET', `/quotes/${pending.id}`)).body.status).toBe('PENDING_AUTHORIZATION')

    const authorized = await world.api('POST', `/quotes/${pending.id}/authorize`, { code: '123456', endUserIpAddress: IP })
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200)
    expect(['PROCESSING', 'COMPLETED']).toContain(authorized.body.status)
    expect(authorized.body.scaChallenge).toBeUndefined()
    await waitUntil(async () => (await world.api('GET', `/transactions/${pending.transactionId}`)).body.status === 'COMPLETED', 'the payment')
    expect(await balances()).toEqual({
      payer: { available: before.payer.available - pending.totalSendingAmount, total: before.payer.total - pending.totalSendingAmount },
      payee: { available: before.payee.available + pending.totalReceivingAmount, total: before.payee.total + pending.totalReceivingAmount },
    })
    const twice = await world.api('POST', `/quotes/${pending.id}/authorize`, { code: '123456' })
    expect([twice.status, twice.body.code]).toEqual([409, 'CONFLICT'])
  })

  it('releases a payment with a passkey assertion, whose challenge has no code to re-send', async () => {
    const before = await balances()
    const pending = (await quote(eu, 1_500)).body
    const held = await world.api('POST', `/quotes/${pending.id}/execute`, { scaFactor: 'PASSKEY' })
    expect(held.body.scaChallenge).toMatchObject({ factor: 'PASSKEY', passkeyAssertionOptions: { rpId: 'localhost', challenge: expect.any(String) } })
    const resend = await world.api('POST', `/quotes/${pending.id}/authorize/resend`)
    expect([resend.status, resend.body.code]).toEqual([409, 'CONFLICT'])
    const totpForTransaction = await world.api('POST', `/quotes/${(await quote(eu, 100)).body.id}/execute`, { scaFactor: 'TOTP' })
    expect(totpForTransaction.status).toBe(400)
    const authorized = await world.api('POST', `/quotes/${pending.id}/authorize`, {
      passkeyAssertion: passkey.assert(held.body.scaChallenge.passkeyAssertionOptions),
      origin: WEBAUTHN_ORIGIN,
    })
    expect(authorized.status, JSON.stringify(authorized.body)).toBe(200)
    await waitUntil(async () => (await world.api('GET', `/transactions/${pending.transactionId}`)).body.status === 'COMPLETED', 'the payment')
    expect((await balances()).payer.available).toBe(before.payer.available - pending.totalSendingAmount)
  })

  it('trusts and untrusts a beneficiary only with a proof from the customers service', async () => {
    const beneficiary = await euroExternalAccount(world, eu.id, '000')
    const trust = `/customers/external-accounts/${beneficiary}/trust`
    const started = await world.api('POST', trust)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.scaChallenge).toMatchObject({ id: expect.stringMatching(/^ScaChallenge:/), factor: 'SMS_OTP' })
    const wrong = await world.api('POST', `${trust}/confirm`, { challengeId: started.body.scaChallenge.id, code: '111111' })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect((await world.api('POST', `${trust}/confirm`, { challengeId: started.body.scaChallenge.id, code: '123456' })).body).toEqual({ trusted: true })
    const removal = await world.api('DELETE', `/customers/external-accounts/${beneficiary}`)
    expect([removal.status, removal.body.code]).toEqual([409, 'BENEFICIARY_TRUSTED'])
    const untrust = `/customers/external-accounts/${beneficiary}/untrust`
    expect((await world.api('POST', untrust)).status).toBe(200)
    expect((await world.api('POST', `${untrust}/confirm`, { code: '123456' })).body).toEqual({ trusted: false })

    const usBeneficiary = await euroExternalAccount(world, payee.id, '000')
    const outside = await world.api('POST', `/customers/external-accounts/${usBeneficiary}/trust`)
    expect([outside.status, outside.body.code]).toEqual([409, 'CONFLICT'])
  })

  it('withholds the payment instructions of a realtime-funded quote until it is authorized', async () => {
    const created = await world.api('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', customerId: eu.id, currency },
      destination: { destinationType: 'ACCOUNT', accountId: payee.accounts[currency] },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(202)
    expect(created.body).toMatchObject({ status: 'PENDING_AUTHORIZATION', scaChallenge: { factor: 'SMS_OTP' } })
    expect(created.body.paymentInstructions).toBeUndefined()
    const resent = await world.api('POST', `/quotes/${created.body.id}/authorize/resend`)
    expect(resent.status).toBe(429)
    const authorized = await world.api('POST', `/quotes/${created.body.id}/authorize`, { code: '123456' })
    expect(authorized.status).toBe(200)
    expect(authorized.body.status).toBe('PENDING')
    expect(authorized.body.paymentInstructions).toEqual([expect.objectContaining({ accountOrWalletInfo: expect.objectContaining({ reference: expect.any(String) }) })])
  })
})

describe('lockout, password reset and the 2FA reset', () => {
  it('locks the login after five failures (423); a password reset revokes the session and leaves the lock', async () => {
    let state: any
    for (let i = 0; i < 5; i += 1) {
      state = await world.api('POST', sca('/sca/record-event', eu), { eventType: 'FAILED_LOGIN_ATTEMPT' })
      expect(state.status).toBe(200)
    }
    expect(state.body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, failedAttempts: 5, lockedUntil: expect.any(String) })
    const locked = await login('TOTP', { code: totpCode(totpSecret) })
    expect([locked.status, locked.body.code, locked.body.details.failedAttempts]).toEqual([423, 'ACCOUNT_LOCKED', 5])

    // the caller's claim of a password reset is no proof: only a factor or the 2FA reset ends the lock
    const reset = await world.api('POST', sca('/sca/record-event', eu), { eventType: 'RESET_PASSWORD_COMPLETED' })
    expect(reset.body).toEqual({ eventType: 'RESET_PASSWORD_COMPLETED', suspended: false, failedAttempts: 5, lockedUntil: state.body.lockedUntil })
    expect((await login('TOTP', { code: totpCode(totpSecret) })).status).toBe(423)
    const pending = (await quote(eu, 500)).body
    const refused = await world.api('POST', `/quotes/${pending.id}/execute`)
    expect([refused.status, refused.body.code]).toEqual([423, 'ACCOUNT_LOCKED'])
  })

  it('resets a lost TOTP once liveness passed, which ends the lockout, then rate-limits further resets (429)', async () => {
    const started = await world.api('POST', sca('/sca/factors/reset', eu), { factor: 'TOTP' })
    expect(started.status).toBe(201)
    const status = await world.api('GET', sca(`/sca/factors/reset/${started.body.resetId}`, eu))
    expect(status.body).toMatchObject({ status: 'LIVENESS_PASSED', factor: 'TOTP', enrollmentStatus: 'PENDING', completedAt: null })
    expect((await world.api('POST', sca(`/sca/factors/reset/${started.body.resetId}/complete`, eu))).status).toBe(204)
    expect((await world.api('GET', sca(`/sca/factors/reset/${started.body.resetId}`, eu))).body).toMatchObject({ status: 'COMPLETED', completedAt: expect.any(String) })
    const twice = await world.api('POST', sca(`/sca/factors/reset/${started.body.resetId}/complete`, eu))
    expect(twice.status).toBe(400)
    expect((await world.api('GET', sca('/sca/factors', eu))).body.factors.map((f: { factor: string }) => f.factor)).toEqual(['SMS_OTP', 'PASSKEY'])

    // unlocked, and without a session since the password reset revoked it
    const pending = (await quote(eu, 500)).body
    const noSession = await world.api('POST', `/quotes/${pending.id}/execute`)
    expect([noSession.status, noSession.body.code]).toEqual([409, 'SCA_SESSION_REQUIRED'])
    const sms = await world.api('POST', sca('/sca/login/start', eu), { factor: 'SMS_OTP' })
    expect((await login('SMS_OTP', { code: '123456' }, sms.body.challengeId)).body.status).toBe('SUCCESS')

    for (let i = 0; i < 4; i += 1) expect((await world.api('POST', sca('/sca/factors/reset', eu), { factor: 'PASSKEY' })).status).toBe(201)
    const limited = await world.api('POST', sca('/sca/factors/reset', eu), { factor: 'PASSKEY' })
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED'])
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('deletes the passkey by its credential id', async () => {
    expect((await world.api('DELETE', sca(`/sca/factors/${passkey.credentialId}`, eu))).status).toBe(204)
    const again = await world.api('DELETE', sca(`/sca/factors/${passkey.credentialId}`, eu))
    expect([again.status, again.body.code]).toEqual([404, 'NOT_FOUND'])
  })
})
