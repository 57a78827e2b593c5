import { inTransaction } from '@pp/db'
import { invalidInput } from '@pp/errors'
import { advancePasskeyCounter, countChallengeFailure, lockLoginState, saveLoginState, spendChallenge, spendRecoveryCode } from '../../db/sca.db.js'
import { contactCodeParts } from '../contact-verification/code-parts.js'
import type { CustomersDeps } from '../deps.js'
import type { Caller } from '../types.js'
import type { CustomerFactors } from './factors.js'
import { afterFailure, assertNotLocked, withoutLockout } from './lockout.js'
import { verifyAssertion } from './passkey.js'
import { findRecoveryCode, isRecoveryCode } from './recovery-codes.js'
import { isValidTotpCode, totpSecretFromRaw } from './totp.js'
import type { LoginState, ScaChallengeRecord, ScaFactorName, ScaProofInput } from './types.js'

/** SMS codes are kept as an HMAC bound to the challenge they answer, so a code never proves another challenge. */
export const scaCodeParts = (customerId: string, challengeId: string, code: string): string[] => contactCodeParts(customerId, 'SCA', challengeId, code)

/** What a valid proof still has to write when it is spent: a passkey's counter moves forward, a recovery code goes. */
export interface ValidProof {
  passkeyCounter?: { factorId: string; from: bigint; to: bigint }
  recoveryCode?: { factorId: string; storedHash: string }
}

/** A missing proof field is a request mistake (400 naming it), refused before an attempt is counted. */
export function requireProof(factor: ScaFactorName, proof: ScaProofInput): void {
  if (factor === 'PASSKEY' && !proof.passkeyAssertionJson) throw invalidInput([{ field: 'passkeyAssertion', message: 'required for PASSKEY' }])
  if (factor !== 'PASSKEY' && !proof.code) throw invalidInput([{ field: 'code', message: `required for ${factor}` }])
}

/**
 * Counts one attempt toward the lockout before any proof is compared, as one step under the login
 * state's row lock: 423 ACCOUNT_LOCKED while locked (nothing counted), else the count moves (a
 * milestone locks) and commits first. Parallel wrong proofs thus get no more comparisons than the
 * lockout allows; a valid proof takes the count back when it is spent.
 */
export async function takeAttempt(deps: CustomersDeps, customerId: string): Promise<void> {
  const now = deps.now()
  await inTransaction(deps.db, async (tx) => {
    const state = await lockLoginState(tx, customerId, now)
    assertNotLocked(state, now)
    await saveLoginState(tx, customerId, afterFailure(state, now), now)
  })
}

/**
 * Checks one proof of `factor` (its fields present, see `requireProof`): an SMS code against the
 * challenge's, a TOTP code against the customer's seed (or one of the recovery codes), a passkey
 * assertion against the challenge's WebAuthn challenge. Undefined when it proves nothing.
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
    if (!challenge?.webauthnChallenge || !factors.passkey || !proof.passkeyAssertionJson) return undefined
    const result = await verifyAssertion(deps.sca.webauthn, challenge.webauthnChallenge, factors.passkey, proof.passkeyAssertionJson, proof.origin)
    if (!result.valid) return undefined
    return { passkeyCounter: { factorId: factors.passkey.id, from: factors.passkey.passkeyCounter ?? 0n, to: result.newCounter } }
  }
  const code = proof.code ?? ''
  if (factor === 'TOTP') {
    if (!factors.totp?.totpSecretSealed) return undefined
    const secret = totpSecretFromRaw(Buffer.from(deps.sca.box.open(factors.totp.totpSecretSealed)).toString('hex'))
    if (await isValidTotpCode(secret, code, caller.environment === 'SANDBOX')) return {}
    // one of the recovery codes shown at enrolment stands in for the app once; spending it decides
    const storedHash = isRecoveryCode(code) ? await findRecoveryCode(deps.sca.recoveryCodes, code, factors.totp.recoveryCodeHashes) : undefined
    return storedHash ? { recoveryCode: { factorId: factors.totp.id, storedHash } } : undefined
  }
  if (!challenge?.codeHash) return undefined
  return deps.codes.matches(challenge.codeHash, ...scaCodeParts(challenge.customerId, challenge.id, code)) ? {} : undefined
}

/** A wrong proof moves nothing; its attempt was counted already (`takeAttempt`), the challenge counts it too. */
export async function refuseProof(deps: CustomersDeps, challenge: ScaChallengeRecord | undefined): Promise<never> {
  if (challenge) await countChallengeFailure(deps.db, challenge.id)
  throw invalidInput([{ field: 'proof', message: 'the code or passkey assertion does not prove this challenge' }], 'Invalid or expired proof')
}

/**
 * Spends a valid proof in one transaction: the challenge once (a replay finds it used), the
 * passkey counter forward, the recovery code gone, the failure count and lock cleared; `then`
 * writes what the proof unlocks.
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
    if (recovery && !(await spendRecoveryCode(tx, recovery.factorId, recovery.storedHash))) return undefined
    const state = then(withoutLockout(await lockLoginState(tx, customerId, now)))
    await saveLoginState(tx, customerId, state, now)
    return state
  })
}
