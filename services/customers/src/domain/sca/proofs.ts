import { inTransaction } from '@pp/db'
import { invalidInput } from '@pp/errors'
import { advancePasskeyCounter, countChallengeFailure, lockLoginState, saveLoginState, spendChallenge, spendRecoveryCode } from '../../db/sca.db.js'
import { hashContactCode, isSameHash } from '../contact-verification/code-hash.js'
import type { CustomersDeps } from '../deps.js'
import type { Caller } from '../types.js'
import type { CustomerFactors } from './factors.js'
import { afterFailure } from './lockout.js'
import { verifyAssertion } from './passkey.js'
import { hashRecoveryCode, isRecoveryCode, isValidTotpCode, totpSecretFromRaw } from './totp.js'
import type { LoginState, ScaChallengeRecord, ScaFactorName, ScaProofInput } from './types.js'

/** SMS codes are kept hashed with the challenge they answer, so a code never proves another challenge. */
export const hashScaCode = (customerId: string, challengeId: string, code: string): string =>
  hashContactCode(customerId, 'SCA', challengeId, code)

/** What a valid proof still has to write when it is spent: a passkey's counter moves forward, a recovery code goes. */
export interface ValidProof {
  passkeyCounter?: { factorId: string; from: bigint; to: bigint }
  recoveryCode?: { factorId: string; codeHash: string }
}

/**
 * Checks one proof of `factor`: an SMS code against the challenge's, a TOTP code against the
 * customer's seed, a passkey assertion against the challenge's WebAuthn challenge. Undefined when
 * it proves nothing; a missing proof field is a request mistake (400 naming it).
 */
export async function checkProof(
  deps: CustomersDeps,
  caller: Caller,
  factors: CustomerFactors,
  factor: ScaFactorName,
  challenge: ScaChallengeRecord | undefined,
  proof: ScaProofInput,
): Promise<ValidProof | undefined> {
  if (factor === 'PASSKEY') {
    if (!proof.passkeyAssertionJson) throw invalidInput([{ field: 'passkeyAssertion', message: 'required for PASSKEY' }])
    if (!challenge?.webauthnChallenge || !factors.passkey) return undefined
    const result = await verifyAssertion(deps.sca.webauthn, challenge.webauthnChallenge, factors.passkey, proof.passkeyAssertionJson, proof.origin)
    if (!result.valid) return undefined
    return { passkeyCounter: { factorId: factors.passkey.id, from: factors.passkey.passkeyCounter ?? 0n, to: result.newCounter } }
  }
  if (!proof.code) throw invalidInput([{ field: 'code', message: `required for ${factor}` }])
  if (factor === 'TOTP') {
    if (!factors.totp?.totpSecretSealed) return undefined
    const secret = totpSecretFromRaw(Buffer.from(deps.sca.box.open(factors.totp.totpSecretSealed)).toString('hex'))
    if (await isValidTotpCode(secret, proof.code, caller.environment === 'SANDBOX')) return {}
    // one of the recovery codes shown at enrolment stands in for the app once; spending it decides
    return isRecoveryCode(proof.code) ? { recoveryCode: { factorId: factors.totp.id, codeHash: hashRecoveryCode(proof.code) } } : undefined
  }
  if (!challenge?.codeHash) return undefined
  return isSameHash(challenge.codeHash, hashScaCode(challenge.customerId, challenge.id, proof.code)) ? {} : undefined
}

/**
 * A wrong proof moves nothing and counts: one more failed attempt toward the lockout (and on the
 * challenge), committed before the 400 answers.
 */
export async function refuseProof(deps: CustomersDeps, customerId: string, challenge: ScaChallengeRecord | undefined): Promise<never> {
  const now = deps.now()
  await inTransaction(deps.db, async (tx) => {
    await saveLoginState(tx, customerId, afterFailure(await lockLoginState(tx, customerId, now), now), now)
    if (challenge) await countChallengeFailure(tx, challenge.id)
  })
  throw invalidInput([{ field: 'proof', message: 'the code or passkey assertion does not prove this challenge' }], 'Invalid or expired proof')
}

/**
 * Spends a valid proof in one transaction: the challenge once (a replay finds it used), the
 * passkey counter forward, the failure counter cleared; `then` writes what the proof unlocks.
 */
export async function spendProof(
  deps: CustomersDeps,
  customerId: string,
  challenge: ScaChallengeRecord | undefined,
  proof: ValidProof,
  then: (state: LoginState) => LoginState,
): Promise<LoginState | undefined> {
  const now = deps.now()
  return inTransaction(deps.db, async (tx) => {
    if (challenge && !(await spendChallenge(tx, challenge.id, now))) return undefined
    const counter = proof.passkeyCounter
    if (counter && !(await advancePasskeyCounter(tx, counter.factorId, counter.from, counter.to))) return undefined
    const recovery = proof.recoveryCode
    if (recovery && !(await spendRecoveryCode(tx, recovery.factorId, recovery.codeHash))) return undefined
    const state = then({ ...(await lockLoginState(tx, customerId, now)), failedAttempts: 0, lockedUntil: undefined })
    await saveLoginState(tx, customerId, state, now)
    return state
  })
}
