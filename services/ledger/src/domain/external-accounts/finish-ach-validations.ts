import { inTransaction } from '@pp/db'
import type { Logger } from '@pp/logging'
import { claimDueAchValidations, updateExternalAccount } from '../../db/external-accounts.db.js'
import { recordEvent } from '../../events/outbox.js'
import { EXTERNAL_ACCOUNT_STATUS_UPDATED } from '../../events/types.js'
import { tenantOf } from '../types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { statusAfterAch } from './usability.js'
import { viewUnlessUnreadable } from './view.js'

/**
 * Records the outcome of every US account whose ACH validation window has passed, at most
 * `batchMax` per call, each with its EXTERNAL_ACCOUNT.STATUS_UPDATED event in the same
 * transaction. Reads never wait for this (they apply the window themselves); it makes the change
 * durable and tells the platform. An account whose number does not open (a ciphertext moved from
 * another row) gets its outcome without an event, logged, so it does not hold the others back.
 * Returns how many accounts it finished.
 */
export async function finishDueAchValidations(deps: Pick<ExternalAccountsDeps, 'db' | 'now' | 'sealing'>, batchMax: number, logger: Logger): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const now = deps.now()
    const due = await claimDueAchValidations(tx, now, batchMax)
    for (const account of due) {
      // claimed rows have a final outcome (VALIDATED or FAILED, a CHECK of the migration)
      const outcome = account.achValidationOutcome as 'VALIDATED' | 'FAILED'
      const updated = await updateExternalAccount(tx, account.id, { achValidationStatus: outcome, status: statusAfterAch(outcome) }, now)
      if (updated.status === account.status) continue
      const view = viewUnlessUnreadable(updated, now, deps.sealing.keyring, logger, 'ACH validation finished without its status event')
      if (view) await recordEvent(tx, tenantOf(account), EXTERNAL_ACCOUNT_STATUS_UPDATED, view)
    }
    return due.length
  })
}
