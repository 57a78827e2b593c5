import { httpStatusOf, isApiError } from '@pp/errors'
import type { SentPrenote } from '../../../db/ach-prenotes.db.js'
import type { PaymentsDeps } from '../../deps.js'
import type { Environment } from '../../types.js'

/**
 * Tells the ledger a prenote's outcome for its account. A refusal (the account was deleted
 * meanwhile) leaves nothing to validate and is only logged; an outage throws, for the caller's run
 * to be tried again.
 */
export async function tellLedger(deps: PaymentsDeps, prenote: SentPrenote, outcome: 'VALIDATED' | 'FAILED', returnCode?: string): Promise<void> {
  const ctx = { platformId: prenote.platformId, environment: prenote.environment as Environment, requestId: '' }
  try {
    await deps.services.recordAchValidation(ctx, prenote.externalAccountId, outcome, returnCode)
  } catch (err) {
    if (isApiError(err) && httpStatusOf(err.code) < 500) {
      deps.logger.warn({ err, externalAccountId: prenote.externalAccountId, outcome }, 'ACH prenote outcome refused by the ledger; nothing to validate')
      return
    }
    throw err
  }
}
