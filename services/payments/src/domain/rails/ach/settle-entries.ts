import { inTransaction } from '@pp/db'
import { nextAchSettlementAt, settleDueAchEntries } from '../../../db/ach.db.js'
import { findDuePrenotes, markPrenoteValidated } from '../../../db/ach-prenotes.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { driveTransaction } from '../../transactions/driver.js'
import { countPrenote } from './ach-rail.js'
import { tellLedger } from './prenote-outcome.js'

/**
 * Settles the ACH entries whose settlement time passed with no return: the bank sends nothing for
 * an entry that went through, so settlement is the effective date plus ACH_SETTLEMENT_AFTER_MS.
 * The entries and their payouts move in one transaction (replicas take different ones), then each
 * payout's hold is posted and it completes, with its webhook, on the sandbox's own path. A return
 * that comes later reverses it. Answers how many settled.
 */
export async function settleDueEntries(deps: PaymentsDeps, batch: number): Promise<number> {
  const settled = await inTransaction(deps.db, (tx) => settleDueAchEntries(tx, deps.now(), batch))
  for (const transactionId of settled) {
    await driveTransaction(deps, transactionId, 'FAIL').catch((err: unknown) => deps.logger.warn({ err, transactionId }, 'settlement left to the recovery run'))
  }
  return settled.length
}

/**
 * Validates the accounts whose prenote's waiting period ended with no return: the ledger is told
 * first (idempotent; a failure it already holds stands), then the prenote is marked, so a crash
 * between the two only tells it again. A ledger outage throws, and the run is tried again later;
 * an account the ledger no longer has needs nothing more. Answers how many it validated.
 */
export async function validateDuePrenotes(deps: PaymentsDeps, batch: number): Promise<number> {
  const due = await findDuePrenotes(deps.db, deps.now(), batch)
  for (const prenote of due) {
    await tellLedger(deps, prenote, 'VALIDATED')
    await markPrenoteValidated(deps.db, prenote.id, deps.now())
    countPrenote('VALIDATED')
  }
  return due.length
}

/** When the next entry settles (a prenote: when its account validates). */
export const nextSettlementDue = (deps: PaymentsDeps): Promise<Date | undefined> => nextAchSettlementAt(deps.db)
