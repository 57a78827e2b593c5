import { ApiError, invalidInput } from '@pp/errors'
import { findLoginState, findOpenChallenge, replaceChallengeCode } from '../../db/sca.db.js'
import type { CustomersDeps } from '../deps.js'
import { findCustomer } from '../../db/customers.db.js'
import { mustExist } from '../customers/view.js'
import { isScaRegion } from '../sca-region.js'
import { tenantOf, type Caller } from '../types.js'
import { issueChallenge, sendScaCode } from './challenges.js'
import { assertFactorName, customerFactors, type CustomerFactors } from './factors.js'
import { assertNotLocked, assertSession } from './lockout.js'
import { assertionOptions } from './passkey.js'
import { checkProof, refuseProof, requireProof, spendProof, takeAttempt } from './proofs.js'
import { scaCustomer } from './sca-customer.js'
import type { ScaChallengeRecord, ScaChallengeView, ScaFactorName, ScaProofInput } from './types.js'

/** Per-transaction challenges need dynamic linking, which a TOTP code cannot carry. */
const transactionFactors = (factors: CustomerFactors): ScaFactorName[] => [
  ...(factors.phone ? (['SMS_OTP'] as const) : []),
  ...(factors.passkey ? (['PASSKEY'] as const) : []),
]

/** For payments: whether the customer's money movements wait for a strong authentication. */
export async function scaRequirement(deps: CustomersDeps, caller: Caller, customerId: string): Promise<boolean> {
  const customer = mustExist(await findCustomer(deps.db, tenantOf(caller), customerId), customerId)
  return isScaRegion(customer.profile.region)
}

async function challengeView(
  deps: CustomersDeps,
  factors: CustomerFactors,
  record: ScaChallengeRecord,
  purpose: string | undefined,
  passkeyOptions?: object,
): Promise<ScaChallengeView> {
  const options =
    record.factor === 'PASSKEY' && record.webauthnChallenge
      ? passkeyOptions ?? (await assertionOptions(deps.sca.webauthn, factors.passkey!, record.webauthnChallenge)).options
      : undefined
  return {
    id: record.id,
    expiresAt: record.expiresAt.toISOString(),
    factor: record.factor,
    availableFactors: transactionFactors(factors),
    purpose,
    ...(options ? { passkeyAssertionOptions: options } : {}),
  }
}

function chooseFactor(factors: CustomerFactors, preferred: string | undefined): ScaFactorName {
  const available = transactionFactors(factors)
  const wanted = preferred ? assertFactorName(preferred, 'scaFactor') : available[0]
  if (wanted === 'TOTP') throw invalidInput([{ field: 'scaFactor', message: 'TOTP cannot authorize a transaction: SMS_OTP or PASSKEY', constraint: { enum: ['SMS_OTP', 'PASSKEY'] } }])
  if (wanted === undefined) throw new ApiError('CONFLICT', 'The customer has no factor that can authorize a transaction: verify the phone or enrol a passkey')
  if (!available.includes(wanted)) throw invalidInput([{ field: 'scaFactor', message: `the customer has no ${wanted} factor` }])
  return wanted
}

/** An SCA-region customer that may move money now: not locked out (423), with a live session (409). */
async function customerInSession(deps: CustomersDeps, caller: Caller, customerId: string) {
  const customer = await scaCustomer(deps, caller, customerId)
  const now = deps.now()
  const state = await findLoginState(deps.db, customer.id)
  assertNotLocked(state, now)
  assertSession(state, now)
  return { customer, now }
}

/**
 * Opens the challenge a money movement (named by `reference`, e.g. its quote) waits on, or returns
 * the one already open. Needs a live SCA session (409 SCA_SESSION_REQUIRED).
 */
export async function issueTransactionChallenge(
  deps: CustomersDeps,
  caller: Caller,
  input: { customerId: string; reference: string; purpose?: string; preferredFactor?: string },
): Promise<ScaChallengeView> {
  const { customer, now } = await customerInSession(deps, caller, input.customerId)
  const factors = await customerFactors(deps, customer)
  const open = await findOpenChallenge(deps.db, customer.id, 'TRANSACTION', now, { reference: input.reference })
  if (open) return challengeView(deps, factors, open, input.purpose)
  const factor = chooseFactor(factors, input.preferredFactor)
  const { record, passkeyOptions } = await issueChallenge(deps, caller, customer, factors, factor, 'TRANSACTION', input.reference)
  return challengeView(deps, factors, record, input.purpose, passkeyOptions)
}

/**
 * Proves the open challenge of `reference` and spends it; the caller releases the money only on
 * success. The attempt counts toward the lockout before the proof is compared (a wrong one is a
 * 400, a valid one takes it back); 423 while locked; 409 without a session or an open challenge.
 */
export async function authorizeTransactionChallenge(
  deps: CustomersDeps,
  caller: Caller,
  input: { customerId: string; reference: string; proof: ScaProofInput },
): Promise<string> {
  const { customer, now } = await customerInSession(deps, caller, input.customerId)
  const challenge = await findOpenChallenge(deps.db, customer.id, 'TRANSACTION', now, { reference: input.reference })
  if (!challenge) throw new ApiError('CONFLICT', 'No open SCA challenge to authorize: it was authorized already or expired')
  const factors = await customerFactors(deps, customer)
  const factor: ScaFactorName = input.proof.passkeyAssertionJson ? 'PASSKEY' : 'SMS_OTP'
  requireProof(factor, input.proof)
  await takeAttempt(deps, customer.id)
  const valid = factor === challenge.factor ? await checkProof(deps, caller, factors, factor, challenge, input.proof) : undefined
  if (!valid) return refuseProof(deps, challenge)
  const spent = await spendProof(deps, customer.id, challenge, valid, (current) => current)
  if (!spent) return refuseProof(deps, challenge)
  return challenge.id
}

/** Re-sends the SMS code of the open challenge; its expiry stays. 409 for a passkey challenge, 429 too soon after the last. */
export async function resendTransactionCode(deps: CustomersDeps, caller: Caller, input: { customerId: string; reference: string }): Promise<void> {
  const customer = await scaCustomer(deps, caller, input.customerId)
  const now = deps.now()
  const challenge = await findOpenChallenge(deps.db, customer.id, 'TRANSACTION', now, { reference: input.reference })
  if (!challenge) throw new ApiError('CONFLICT', 'No open SCA challenge to re-send')
  if (challenge.factor !== 'SMS_OTP') throw new ApiError('CONFLICT', `A ${challenge.factor} challenge has no code to re-send`)
  const nextAt = (challenge.lastSentAt ?? challenge.createdAt).getTime() + deps.sca.resendIntervalMs
  if (nextAt > now.getTime()) {
    throw new ApiError('RATE_LIMITED', 'A code was sent moments ago; retry later', { retryAfterSeconds: Math.ceil((nextAt - now.getTime()) / 1000) })
  }
  const factors = await customerFactors(deps, customer)
  if (!factors.phone) throw new ApiError('CONFLICT', 'The customer has no verified phone to send a code to')
  await replaceChallengeCode(deps.db, challenge.id, await sendScaCode(deps, caller, factors.phone, customer.id, challenge.id, challenge.expiresAt.getTime() - now.getTime()), now)
}
