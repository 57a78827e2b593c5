import { inTransaction } from '@pp/db'
import { recordExternalAccountStatusEvent } from '../../db/external-accounts-events.js'
import { claimDueAchValidations, updateExternalAccount } from '../../db/external-accounts.db.js'
import { tenantOf } from '../types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { statusAfterAch } from './usability.js'
import { toExternalAccountView } from './view.js'

/**
 * Records the outcome of every US account whose ACH validation window has passed, at most
 * `batchMax` per call, each with its EXTERNAL_ACCOUNT.STATUS_UPDATED event in the same
 * transaction. Reads never wait for this (they apply the window themselves); it makes the change
 * durable and tells the platform. Returns how many accounts it finished.
 */
export async function finishDueAchValidations(deps: Pick<ExternalAccountsDeps, 'db' | 'now'>, batchMax: number): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now()
    const due = await claimDueAchValidations(tx, now, batchMax)
    for (const account of due) {
      // claimed rows have a final outcome (VALIDATED or FAILED, a CHECK of the migration)
      const outcome = account.achValidationOutcome as 'VALIDATED' | 'FAILED'
      const updated = await updateExternalAccount(tx, account.id, { achValidationStatus: outcome, status: statusAfterAch(outcome) }, now)
      if (updated.status !== account.status) {
        await recordExternalAccountStatusEvent(tx, tenantOf(account), toExternalAccountView(updated, now))
      }
    }
    return due.length
  })
}
