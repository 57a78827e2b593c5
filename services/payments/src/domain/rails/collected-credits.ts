import { idFromKey } from '@pp/ids'
import type { CollectedPayment, PaymentsDeps } from '../deps.js'

/** A credit a bank file reported, named for good by the bank's own entry, whatever file it came in. */
export interface BankCredit {
  rail: CollectedPayment['rail']
  identifier: string
  currency: string
  amount: bigint
  /** What the bank names the entry by (e.g. effective date and trace number). */
  entryKey: string
  /** When the bank booked it: the credit's transfer and transaction sort by it. */
  bookedAt: Date
  description: string
}

/** What the ledger said of each credit: undefined when it credited it, else why it refused it (an item for an operator). */
export type CreditOutcomes = Map<BankCredit, string | undefined>

/**
 * Has the ledger credit each of a file's credits to the account it names, before the file is
 * claimed: an outage throws and leaves the file to be read again, and a credit told twice (a file
 * read again, a replica racing) moves money once, its transfer id being derived from the bank's
 * entry. Answers each credit's outcome; the caller keeps the refused ones for an operator.
 */
export async function creditCollectedPayments(deps: PaymentsDeps, credits: BankCredit[]): Promise<CreditOutcomes> {
  const outcomes: CreditOutcomes = new Map()
  for (const credit of credits) {
    const transferId = idFromKey('Transfer', credit.bookedAt.getTime(), `${credit.rail}/${credit.entryKey}`)
    const { rail, identifier, currency, amount, description } = credit
    const answer = await deps.services.creditCollectedPayment({ rail, identifier, currency, amount, transferId, description })
    outcomes.set(credit, answer.refused && `no account took the credit (${answer.refused})`)
  }
  return outcomes
}
