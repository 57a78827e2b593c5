import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findOpenChallenge, replaceChallenge, resolveChallenge, type ChallengeRecord } from '../../db/external-account-challenges.db.js'
import { lockExternalAccount, updateExternalAccount } from '../../db/external-accounts.db.js'
import { tenantOf, type Caller } from '../types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustFindAccount } from './find-account.js'
import { assertLiveCustomer } from './owner.js'
import { assertScaRequired } from './sca.js'

export type TrustChange = 'TRUST' | 'UNTRUST'

export interface ScaChallengeView {
  id: string
  expiresAt: Date
  factor: 'SMS_OTP'
  availableFactors: Array<'SMS_OTP'>
}

export interface ScaProofInput {
  challengeId?: string
  code?: string
  passkeyAssertionJson?: string
  origin?: string
}

/** The account of a trust step: a customer's, whose jurisdiction requires SCA. */
async function accountForTrust(deps: ExternalAccountsDeps, caller: Caller, id: string): Promise<void> {
  const account = await mustFindAccount(deps.db, tenantOf(caller), id, 'CUSTOMER')
  assertScaRequired(await assertLiveCustomer(deps, caller, account.customerId!))
}

/** Starts trusting or untrusting a beneficiary: the SMS_OTP challenge the confirm step answers. */
export async function startTrustChange(deps: ExternalAccountsDeps, caller: Caller, id: string, change: TrustChange): Promise<ScaChallengeView> {
  await accountForTrust(deps, caller, id)
  deps.sca[caller.environment].issueCode()
  const now = deps.now()
  const challenge = { id: newId('ScaChallenge'), expiresAt: new Date(now.getTime() + deps.settings.challengeTtlMs) }
  await inTransaction(deps.db, async (tx) => {
    await lockExternalAccount(tx, id)
    const row = { ...challenge, ...tenantOf(caller), externalAccountId: id, messageToSign: null, createdAt: now }
    await replaceChallenge(tx, { ...row, purpose: change, method: 'SMS_OTP' })
  })
  return { ...challenge, factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] }
}

/** Every reason a proof does not answer the challenge; nothing changes then. */
function assertProof(deps: ExternalAccountsDeps, caller: Caller, challenge: ChallengeRecord, proof: ScaProofInput, now: Date): void {
  if (proof.challengeId && proof.challengeId !== challenge.id) {
    throw invalidInput([{ field: 'challengeId', message: 'is not the challenge of the pending step' }], 'Invalid or expired proof')
  }
  if (challenge.expiresAt <= now) throw invalidInput([{ field: 'challengeId', message: 'has expired; start again' }], 'Invalid or expired proof')
  if (!proof.code) {
    const field = proof.passkeyAssertionJson ? 'passkeyAssertion' : 'code'
    throw invalidInput([{ field, message: 'the challenge was issued for SMS_OTP: send its code' }], 'Invalid or expired proof')
  }
  if (!deps.sca[caller.environment].isValidCode(proof.code)) {
    throw invalidInput([{ field: 'code', message: 'is not the code of the challenge' }], 'Invalid or expired proof')
  }
}

/** Finishes a trust change with the SCA proof; returns whether the beneficiary is now trusted. */
export async function confirmTrustChange(
  deps: ExternalAccountsDeps,
  caller: Caller,
  id: string,
  change: TrustChange,
  proof: ScaProofInput,
): Promise<boolean> {
  await accountForTrust(deps, caller, id)
  return inTransaction(deps.db, async (tx: Tx) => {
    await lockExternalAccount(tx, id)
    await mustFindAccount(tx, tenantOf(caller), id, 'CUSTOMER')
    const challenge = await findOpenChallenge(tx, id, change)
    if (!challenge) throw new ApiError('CONFLICT', `No ${change.toLowerCase()} step is pending for this account; start it first`)
    const now = deps.now()
    assertProof(deps, caller, challenge, proof, now)
    await resolveChallenge(tx, challenge.id, now)
    const updated = await updateExternalAccount(tx, id, { isTrusted: change === 'TRUST' }, now)
    return updated.isTrusted
  })
}
