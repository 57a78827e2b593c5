import { createHash } from 'node:crypto'
import { callUnary, createGrpcClient } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { ContactVerificationServiceClient } from '@pp/proto/customers/v1/contact_verification'
import { ScaServiceClient } from '@pp/proto/customers/v1/sca'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { create, failure, individual, newTenant, startHarness, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

/**
 * The SCA lockout through the real gRPC service: attempts are counted before proofs are compared,
 * the caller cannot clear a lock, a liveness-checked 2FA reset can; codes are kept keyed or salted.
 */
let h: Harness
let sca: ScaServiceClient
let contact: ContactVerificationServiceClient

beforeAll(async () => {
  h = await startHarness('sca_lockout')
  sca = createGrpcClient(ScaServiceClient, h.address)
  contact = createGrpcClient(ContactVerificationServiceClient, h.address)
})
afterAll(async () => {
  sca?.close()
  contact?.close()
  await h?.stop()
})

const json = <T = Record<string, unknown>>({ resultJson }: { resultJson: string }): T => JSON.parse(resultJson) as T

/** An EU customer with a TOTP factor (sandbox: 123456 verifies), and its recovery codes. */
async function totpCustomer(ctx: Caller): Promise<{ id: string; recoveryCodes: string[] }> {
  const customer = await create(h, ctx, individual({ region: 'FR', email: 'l@example.fr', phoneNumber: '+33612345678' }))
  const started = json<{ secret: string }>(await callUnary(sca, sca.startScaFactorEnrollment, { customerId: customer.id, type: 'TOTP' }, ctx))
  const confirmed = json<{ recoveryCodes: string[] }>(
    await callUnary(sca, sca.confirmScaFactorEnrollment, { customerId: customer.id, type: 'TOTP', secret: started.secret, code: '123456' }, ctx),
  )
  return { id: customer.id, recoveryCodes: confirmed.recoveryCodes }
}

const totpLogin = (ctx: Caller, customerId: string, code: string) =>
  callUnary(sca, sca.completeScaLogin, { customerId, factor: 'TOTP', proof: { code } }, ctx)
const recordEvent = async (ctx: Caller, customerId: string, eventType: string) =>
  json(await callUnary(sca, sca.recordSecurityEvent, { customerId, eventType }, ctx))
const loginState = (customerId: string) => open(h.db).scaLoginState.findUniqueOrThrow({ where: { customerId } })

describe('the failed-attempt lockout', () => {
  it('counts each attempt before comparing it: of 20 parallel wrong TOTP codes 5 are compared, the others meet the lock', async () => {
    const ctx = newTenant()
    const customer = await totpCustomer(ctx)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => failure(totpLogin(ctx, customer.id, String(900_000 + i)))))
    expect(answers.filter((a) => a.code === 'INVALID_INPUT')).toHaveLength(5)
    expect(answers.filter((a) => a.code === 'ACCOUNT_LOCKED')).toHaveLength(15)
    expect(await loginState(customer.id)).toMatchObject({ failedAttempts: 5, suspended: false, lockedUntil: expect.any(Date) })
    expect(await failure(totpLogin(ctx, customer.id, '123456'))).toMatchObject({ code: 'ACCOUNT_LOCKED', details: { failedAttempts: 5 } })
  })

  it('takes the count back for a valid proof', async () => {
    const ctx = newTenant()
    const customer = await totpCustomer(ctx)
    for (let i = 0; i < 3; i += 1) expect((await failure(totpLogin(ctx, customer.id, '999999'))).code).toBe('INVALID_INPUT')
    expect(json(await totpLogin(ctx, customer.id, '123456'))).toMatchObject({ status: 'SUCCESS' })
    expect(await loginState(customer.id)).toMatchObject({ failedAttempts: 0, lockedUntil: null, sessionExpiresAt: expect.any(Date) })
  })

  it('is not cleared by the caller: RESET_PASSWORD_COMPLETED revokes the session and leaves the lock or suspension', async () => {
    const ctx = newTenant()
    const customer = await totpCustomer(ctx)
    await totpLogin(ctx, customer.id, '123456')
    for (let i = 0; i < 5; i += 1) await recordEvent(ctx, customer.id, 'FAILED_LOGIN_ATTEMPT')
    const afterReset = await recordEvent(ctx, customer.id, 'RESET_PASSWORD_COMPLETED')
    expect(afterReset).toEqual({ eventType: 'RESET_PASSWORD_COMPLETED', suspended: false, failedAttempts: 5, lockedUntil: expect.any(String) })
    expect(await loginState(customer.id)).toMatchObject({ failedAttempts: 5, sessionExpiresAt: null })
    expect((await failure(totpLogin(ctx, customer.id, '123456'))).code).toBe('ACCOUNT_LOCKED')

    for (let i = 0; i < 4; i += 1) await recordEvent(ctx, customer.id, 'FAILED_LOGIN_ATTEMPT')
    expect(await recordEvent(ctx, customer.id, 'RESET_PASSWORD_COMPLETED')).toMatchObject({ suspended: true, failedAttempts: 9 })
    expect(await failure(totpLogin(ctx, customer.id, '123456'))).toMatchObject({ code: 'ACCOUNT_LOCKED', details: { suspended: true } })
  })

  it('ends with a completed 2FA reset, which passed liveness', async () => {
    const ctx = newTenant()
    const customer = await totpCustomer(ctx)
    for (let i = 0; i < 9; i += 1) await recordEvent(ctx, customer.id, 'FAILED_LOGIN_ATTEMPT')
    const { resetId } = json<{ resetId: string }>(await callUnary(sca, sca.startTwoFactorReset, { customerId: customer.id, factor: 'TOTP' }, ctx))
    await callUnary(sca, sca.completeTwoFactorReset, { customerId: customer.id, resetId }, ctx)
    expect(await loginState(customer.id)).toMatchObject({ failedAttempts: 0, lockedUntil: null, suspended: false })
    // the reset cleared the lost TOTP: enrolled again, it logs in
    const again = json<{ secret: string }>(await callUnary(sca, sca.startScaFactorEnrollment, { customerId: customer.id, type: 'TOTP' }, ctx))
    await callUnary(sca, sca.confirmScaFactorEnrollment, { customerId: customer.id, type: 'TOTP', secret: again.secret, code: '123456' }, ctx)
    expect(json(await totpLogin(ctx, customer.id, '123456'))).toMatchObject({ status: 'SUCCESS' })
  })
})

describe('codes at rest', () => {
  it('keeps recovery codes as salted scrypt hashes, each good once; one kept as SHA-256 before still works once', async () => {
    const ctx = newTenant()
    const customer = await totpCustomer(ctx)
    const factor = await open(h.db).scaFactor.findFirstOrThrow({ where: { customerId: customer.id, factor: 'TOTP' } })
    expect(factor.recoveryCodeHashes).toHaveLength(10)
    for (const stored of factor.recoveryCodeHashes) expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
    expect(new Set(factor.recoveryCodeHashes.map((stored) => stored.split('$')[3])).size).toBe(10)
    expect(factor.recoveryCodeHashes.join()).not.toContain(customer.recoveryCodes[0])

    expect(json(await totpLogin(ctx, customer.id, customer.recoveryCodes[0]!))).toMatchObject({ status: 'SUCCESS' })
    expect((await failure(totpLogin(ctx, customer.id, customer.recoveryCodes[0]!))).code).toBe('INVALID_INPUT')

    const legacy = 'abcdef0123'
    const legacyHash = createHash('sha256').update(legacy).digest('hex')
    await open(h.db).scaFactor.update({ where: { id: factor.id }, data: { recoveryCodeHashes: { push: legacyHash } } })
    expect(json(await totpLogin(ctx, customer.id, legacy))).toMatchObject({ status: 'SUCCESS' })
    expect((await open(h.db).scaFactor.findUniqueOrThrow({ where: { id: factor.id } })).recoveryCodeHashes).not.toContain(legacyHash)
  })

  it('keeps an SMS code as an HMAC bound to its challenge', async () => {
    const ctx = newTenant()
    const customer = await totpCustomer(ctx)
    await callUnary(contact, contact.sendContactVerificationCode, { customerId: customer.id, channel: 'PHONE' }, ctx)
    await callUnary(contact, contact.confirmContactVerification, { customerId: customer.id, channel: 'PHONE', code: '123456' }, ctx)
    const { challengeId } = json<{ challengeId: string }>(await callUnary(sca, sca.startScaLogin, { customerId: customer.id, factor: 'SMS_OTP' }, ctx))
    const challenge = await open(h.db).scaChallenge.findUniqueOrThrow({ where: { id: challengeId } })
    expect(challenge.codeHash).toBe(h.deps.codes.digest(customer.id, 'SCA', challengeId, '123456'))
    expect(challenge.codeHash).not.toBe(createHash('sha256').update(`${customer.id}\nSCA\n${challengeId}\n123456`).digest('hex'))
  })
})
