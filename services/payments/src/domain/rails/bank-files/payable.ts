import { httpStatusOf, isApiError } from '@pp/errors'
import { rejectBankPayout, type BankRail } from '../../../db/bank-files.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { driveTransaction } from '../../transactions/driver.js'
import { digestOf } from './digest.js'

/**
 * The subjects' credits, their bank details asked of the ledger one by one by `creditOf`, which
 * also checks them against the rail's rules. A subject the ledger refuses (its account gone, not
 * the rail's kind) or whose numbers the bank would reject is handed to `refuse`; one the ledger
 * cannot answer for now (5xx) waits for the next cut-off.
 */
export async function payableCredits<S, C>(
  deps: PaymentsDeps,
  subjects: S[],
  creditOf: (subject: S) => Promise<C>,
  refuse: (subject: S, reason: string) => Promise<void>,
): Promise<C[]> {
  const credits: C[] = []
  for (const subject of subjects) {
    try {
      credits.push(await creditOf(subject))
    } catch (err) {
      if (isApiError(err) && httpStatusOf(err.code) >= 500) {
        deps.logger.warn({ err, subject }, 'bank file entry left for the next cut-off: the ledger did not give its bank details')
        continue
      }
      await refuse(subject, err instanceof Error ? err.message : String(err))
    }
  }
  return credits
}

/** Fails a payout its rail cannot put in a file (ACCOUNT_INVALID, the reason in its failure details), its hold voided. */
export async function refuseBankPayout(deps: PaymentsDeps, rail: BankRail, transactionId: string, reason: string): Promise<void> {
  deps.logger.warn({ rail, transactionId, reason }, 'bank payout failed: its account cannot be paid by the rail')
  const moved = await rejectBankPayout(deps.db, transactionId, { rail, reason }, deps.now())
  // a ledger outage here leaves it at VOID, which the recovery run finishes
  if (moved) await driveTransaction(deps, transactionId, 'FAIL').catch((err: unknown) => deps.logger.warn({ err, transactionId }, 'void left to the recovery run'))
}

/**
 * Sends the files a crash left BUILT (recorded, not uploaded). Their content was never stored (it
 * holds account numbers): each is built again by `rebuild` from its entries and the ledger's
 * answers, and sent only when its digest is the recorded one. One that differs (an account changed
 * or went in between) stays BUILT and is logged as an error for an operator: its payouts stay
 * PROCESSING.
 */
export async function resendUnchanged<F extends { name: string; digest: string }, R>(
  deps: PaymentsDeps,
  files: F[],
  rebuild: (file: F) => Promise<string>,
  send: (file: F, content: string) => Promise<R>,
): Promise<R[]> {
  const sent: R[] = []
  for (const file of files) {
    const content = await rebuild(file)
    if (digestOf(content) !== file.digest) {
      deps.logger.error({ file: file.name }, 'bank file built before a restart does not rebuild to the same content; it was not sent (see docs/production.md)')
      continue
    }
    sent.push(await send(file, content))
  }
  return sent
}
