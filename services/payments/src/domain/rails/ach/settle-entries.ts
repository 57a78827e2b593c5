import { inTransaction } from '@pp/db'
import { nextAchSettlementAt, settleDueAchEntries } from '../../../db/ach.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { driveTransaction } from '../../transactions/driver.js'

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

/** When the next entry settles. */
export const nextSettlementDue = (deps: PaymentsDeps): Promise<Date | undefined> => nextAchSettlementAt(deps.db)
