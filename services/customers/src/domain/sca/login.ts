import { invalidInput } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { findOpenChallenge, lockLoginState, saveLoginState } from '../../db/sca.db.js'
import type { CustomersDeps } from '../deps.js'
import type { Caller } from '../types.js'
import { issueChallenge } from './challenges.js'
import { assertAvailable, assertFactorName, customerFactors } from './factors.js'
import { afterFailure, afterPasswordReset, lockoutView } from './lockout.js'
import { checkProof, refuseProof, requireProof, spendProof, takeAttempt } from './proofs.js'
import { scaCustomer } from './sca-customer.js'
import type { ScaProofInput } from './types.js'

/** POST /sca/login/start: SMS_OTP sends a code, PASSKEY returns assertion options, TOTP needs nothing. */
export async function startScaLogin(deps: CustomersDeps, caller: Caller, customerId: string, factorName: string): Promise<object> {
  const factor = assertFactorName(factorName)
  const customer = await scaCustomer(deps, caller, customerId)
  const factors = await customerFactors(deps, customer)
  assertAvailable(factors, factor)
  if (factor === 'TOTP') return { factor }
  const { record, passkeyOptions } = await issueChallenge(deps, caller, customer, factors, factor, 'LOGIN')
  if (factor === 'SMS_OTP') return { factor, challengeId: record.id, expiresAt: record.expiresAt.toISOString() }
  return { factor, passkeyOptions, allowedOrigins: deps.sca.webauthn.origins, relyingPartyId: deps.sca.webauthn.rpId }
}

export interface CompleteLoginInput {
  customerId: string
  factor: string
  challengeId?: string
  proof: ScaProofInput
}

/**
 * POST /sca/login/complete: the attempt counts toward the lockout before the proof is compared
 * (423 ACCOUNT_LOCKED while locked); a valid proof takes it back and opens the SCA session
 * (SCA_SESSION_TTL_MS), a wrong one is a 400.
 */
export async function completeScaLogin(deps: CustomersDeps, caller: Caller, input: CompleteLoginInput): Promise<object> {
  const factor = assertFactorName(input.factor)
  const customer = await scaCustomer(deps, caller, input.customerId)
  const factors = await customerFactors(deps, customer)
  assertAvailable(factors, factor)
  if (factor === 'SMS_OTP' && !input.challengeId) throw invalidInput([{ field: 'challengeId', message: 'required for SMS_OTP' }])
  requireProof(factor, input.proof)
  const challenge =
    factor === 'TOTP' ? undefined : await findOpenChallenge(deps.db, customer.id, 'LOGIN', deps.now(), { factor, ...(input.challengeId ? { id: input.challengeId } : {}) })
  await takeAttempt(deps, customer.id)
  const valid = await checkProof(deps, caller, factors, factor, challenge, input.proof)
  if (!valid) return refuseProof(deps, challenge)
  const sessionExpiresAt = new Date(deps.now().getTime() + deps.sca.sessionTtlMs)
  const state = await spendProof(deps, customer.id, challenge, valid, (current) => ({ ...current, sessionExpiresAt }))
  if (!state) return refuseProof(deps, challenge)
  return { status: 'SUCCESS', sessionExpiresAt: sessionExpiresAt.toISOString() }
}

const SECURITY_EVENTS = ['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT'] as const

/**
 * POST /sca/record-event: a failed sign-in counts toward the lockout (also while locked, which is
 * how the later milestones are reached); a password reset revokes the session and leaves the
 * lockout, which only a proven factor or a completed 2FA reset ends.
 */
export async function recordSecurityEvent(deps: CustomersDeps, caller: Caller, customerId: string, eventType: string): Promise<object> {
  if (!(SECURITY_EVENTS as readonly string[]).includes(eventType)) {
    throw invalidInput([{ field: 'eventType', message: 'not a security event', constraint: { enum: [...SECURITY_EVENTS] } }])
  }
  const customer = await scaCustomer(deps, caller, customerId)
  const now = deps.now()
  const state = await inTransaction(deps.db, async (tx) => {
    const current = await lockLoginState(tx, customer.id, now)
    const next = eventType === 'FAILED_LOGIN_ATTEMPT' ? afterFailure(current, now) : afterPasswordReset(current)
    await saveLoginState(tx, customer.id, next, now)
    return next
  })
  return { eventType, ...lockoutView(state, now) }
}
