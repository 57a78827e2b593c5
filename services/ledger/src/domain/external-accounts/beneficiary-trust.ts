import { inTransaction } from '@pp/db'
import { lockExternalAccount, updateExternalAccount } from '../../db/external-accounts.db.js'
import { tenantOf, type Caller } from '../types.js'
import type { ScaChallengeView, ScaProofInput } from './customer-directory.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustFindAccount } from './find-account.js'
import { assertLiveCustomer } from './owner.js'

export type TrustChange = 'TRUST' | 'UNTRUST'

/** The customer of a trust step's account: a customer's account, the customer live. */
async function ownerOfTrustStep(deps: ExternalAccountsDeps, caller: Caller, id: string): Promise<string> {
  const account = await mustFindAccount(deps.db, tenantOf(caller), id, 'CUSTOMER')
  await assertLiveCustomer(deps, caller, account.customerId!)
  return account.customerId!
}

/** What a trust step's challenge authorizes, for the customers service: one open challenge per step and account. */
const stepReference = (change: TrustChange, id: string): string => `${change}:${id}`

/**
 * Starts trusting or untrusting a beneficiary: the customers service, which owns strong customer
 * authentication, opens the challenge the confirm step answers (409 outside SCA regions, or
 * SCA_SESSION_REQUIRED without a session).
 */
export async function startTrustChange(deps: ExternalAccountsDeps, caller: Caller, id: string, change: TrustChange): Promise<ScaChallengeView> {
  const customerId = await ownerOfTrustStep(deps, caller, id)
  return deps.customers.issueScaChallenge(caller, customerId, stepReference(change, id))
}

/**
 * Finishes a trust change once the customers service accepted and spent the proof (a wrong one
 * changes nothing and counts toward the customer's lockout); returns whether the beneficiary is now trusted.
 */
export async function confirmTrustChange(
  deps: ExternalAccountsDeps,
  caller: Caller,
  id: string,
  change: TrustChange,
  proof: ScaProofInput,
): Promise<boolean> {
  const customerId = await ownerOfTrustStep(deps, caller, id)
  await deps.customers.authorizeScaChallenge(caller, customerId, stepReference(change, id), proof)
  return inTransaction(deps.db, async (tx) => {
    await lockExternalAccount(tx, id)
    await mustFindAccount(tx, tenantOf(caller), id, 'CUSTOMER')
    return (await updateExternalAccount(tx, id, { isTrusted: change === 'TRUST' }, deps.now())).isTrusted
  })
}
