import { inTransaction } from '@pp/db'
import { ApiError } from '@pp/errors'
import type { Logger } from '@pp/logging'
import { lockExternalAccount, updateExternalAccount } from '../../db/external-accounts.db.js'
import { recordEvent } from '../../events/outbox.js'
import { EXTERNAL_ACCOUNT_STATUS_UPDATED } from '../../events/types.js'
import { tenantOf, type Tenant } from '../types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustFindAccount } from './find-account.js'
import type { ExternalAccountStatus } from './types.js'
import { awaitsAchRail, statusAfterAch, statusAt } from './usability.js'
import { viewUnlessUnreadable } from './view.js'

export type AchValidationOutcome = 'VALIDATED' | 'FAILED'

/**
 * What the ACH rail learned of a production US account's prenote: unreturned through its waiting
 * period (VALIDATED), or returned (FAILED). Only a validation no rail has decided yet becomes
 * VALIDATED; a failure stands whatever came before, as a late return must make a validated account
 * unusable. A change commits with its EXTERNAL_ACCOUNT.STATUS_UPDATED event; a repeat changes
 * nothing. Answers the account's status afterwards.
 */
export async function recordAchValidation(
  deps: Pick<ExternalAccountsDeps, 'db' | 'now' | 'sealing'>,
  tenant: Tenant,
  id: string,
  outcome: AchValidationOutcome,
  logger: Logger,
): Promise<ExternalAccountStatus> {
  return inTransaction(deps.db, async (tx) => {
    await lockExternalAccount(tx, id)
    const account = await mustFindAccount(tx, tenant, id, 'ANY')
    const now = deps.now()
    if (account.achValidationStatus === null) {
      throw new ApiError('INVALID_STATE_TRANSITION', `External account ${id} has no ACH validation`, { externalAccountId: id })
    }
    const changes = outcome === 'FAILED' ? account.achValidationStatus !== 'FAILED' : awaitsAchRail(account)
    if (!changes) return statusAt(account, now)
    const updated = await updateExternalAccount(tx, id, { achValidationStatus: outcome, status: statusAfterAch(outcome) }, now)
    if (updated.status !== account.status) {
      const view = viewUnlessUnreadable(updated, now, deps.sealing.keyring, logger, 'ACH validation recorded without its status event')
      if (view) await recordEvent(tx, tenantOf(updated), EXTERNAL_ACCOUNT_STATUS_UPDATED, view)
    }
    return updated.status
  })
}
