import { newId } from '@pp/ids'
import { insertChallenge } from '../../db/sca.db.js'
import type { CustomerRecord } from '../../db/customers.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { CustomerFactors } from './factors.js'
import { assertionOptions } from './passkey.js'
import { scaCodeParts } from './proofs.js'
import type { ChallengePurpose, ScaChallengeRecord, ScaFactorName } from './types.js'

/** A new challenge and what the customer's device needs to answer it (a passkey challenge's options). */
export interface IssuedChallenge {
  record: ScaChallengeRecord
  passkeyOptions?: object
}

/** Sends a fresh SMS code to the customer's verified phone, usable `validForMs`; its HMAC answers the challenge. */
export async function sendScaCode(deps: CustomersDeps, caller: Caller, phone: string, customerId: string, challengeId: string, validForMs: number): Promise<string> {
  const code = await deps.verification[caller.environment].sendContactCode('PHONE', phone, { kind: 'SCA_CHALLENGE', validForMs })
  return deps.codes.digest(...scaCodeParts(customerId, challengeId, code))
}

/**
 * Opens a challenge of `factor` for `purpose`: SMS_OTP sends a code, PASSKEY issues WebAuthn
 * request options for the enrolled passkey; a TOTP challenge needs neither.
 */
export async function issueChallenge(
  deps: CustomersDeps,
  caller: Caller,
  customer: CustomerRecord,
  factors: CustomerFactors,
  factor: ScaFactorName,
  purpose: ChallengePurpose,
  reference?: string,
): Promise<IssuedChallenge> {
  const now = deps.now()
  const id = newId('ScaChallenge')
  const record: ScaChallengeRecord = {
    id, customerId: customer.id, purpose, factor, reference, failedAttempts: 0,
    expiresAt: new Date(now.getTime() + deps.sca.challengeTtlMs), createdAt: now,
  }
  let passkeyOptions: object | undefined
  if (factor === 'SMS_OTP') {
    record.codeHash = await sendScaCode(deps, caller, factors.phone!, customer.id, id, deps.sca.challengeTtlMs)
    record.lastSentAt = now
  } else if (factor === 'PASSKEY') {
    const { options, challenge } = await assertionOptions(deps.sca.webauthn, factors.passkey!)
    record.webauthnChallenge = challenge
    passkeyOptions = options
  }
  await insertChallenge(deps.db, tenantOf(caller), record)
  return { record, passkeyOptions }
}
