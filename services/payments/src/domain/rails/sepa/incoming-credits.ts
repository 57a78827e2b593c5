import { newId } from '@pp/ids'
import type { NewOperatorItem } from '../../../db/bank-files.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { creditCollectedPayments, type BankCredit } from '../collected-credits.js'
import type { BankNotification, BookedTransaction } from './camt054.js'

/** What a notification's received transfers did: the ones the ledger was asked about (credited or refused), how many it credited, and the items of the refused. */
export interface ReceivedTransfers {
  asked: Set<BookedTransaction>
  credited: number
  items: NewOperatorItem[]
}

export const NO_TRANSFERS_RECEIVED: ReceivedTransfers = { asked: new Set(), credited: 0, items: [] }

/**
 * The credit the ledger is asked for, for money received (not a returned payout) that quotes a
 * creditor reference: the reference names the account, and the booking date with the bank's own
 * reference names the entry for good (the statement repeats the notification's). Anything less
 * stays a booked credit for an operator.
 */
function bankCreditOf(booked: BookedTransaction): BankCredit | undefined {
  const { creditorReference, bankReference, bookedOn, amount, currency } = booked
  if (booked.direction !== 'CRDT' || booked.returnReasonCode || !creditorReference || !bankReference || !bookedOn) return undefined
  const bookedAt = new Date(`${bookedOn}T00:00:00Z`)
  if (amount === undefined || currency === undefined || Number.isNaN(bookedAt.getTime())) return undefined
  return {
    rail: 'SEPA',
    identifier: creditorReference,
    currency,
    amount,
    entryKey: `${bookedOn}/${bankReference}`,
    bookedAt,
    description: `SEPA credit transfer from ${booked.payerName ?? 'an unnamed payer'}`,
  }
}

/**
 * Credits each transfer received to the internal account its creditor reference names (see
 * creditCollectedPayments: before the file's claim, once per entry); what no account took goes
 * to the operator queue.
 */
export async function creditReceivedTransfers(deps: PaymentsDeps, notification: BankNotification): Promise<ReceivedTransfers> {
  const asked = notification.booked.flatMap((booked) => {
    const bankCredit = bankCreditOf(booked)
    return bankCredit ? [{ booked, bankCredit }] : []
  })
  const outcomes = await creditCollectedPayments(deps, asked.map(({ bankCredit }) => bankCredit))
  const items = asked.flatMap(({ booked, bankCredit }): NewOperatorItem[] => {
    const problem = outcomes.get(bankCredit)
    if (problem === undefined) return []
    return [{ id: newId('SepaItem'), kind: 'UNMATCHED_CREDIT', reference: bankCredit.identifier, amount: bankCredit.amount, problem: `${problem}; bank reference ${booked.bankReference}`, records: '' }]
  })
  return { asked: new Set(asked.map(({ booked }) => booked)), credited: asked.length - items.length, items }
}
