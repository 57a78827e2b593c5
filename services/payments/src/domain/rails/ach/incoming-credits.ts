import { newId } from '@pp/ids'
import type { NewOperatorItem } from '../../../db/bank-files.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { dayOf, yymmdd } from '../bank-files/schedule.js'
import { creditCollectedPayments, type BankCredit } from '../collected-credits.js'
import { maskRecords } from './masking.js'
import type { AchIncomingCredit } from './nacha-returns.js'

/** What a file's credits did: how many the ledger credited, and the items of the others. */
export interface ReceivedCredits {
  credited: number
  items: NewOperatorItem[]
}

/** A YYMMDD effective date as the day it names, or undefined when it names none (blank, 261340, 260231). */
function effectiveDayOf(effectiveDate: string): Date | undefined {
  const day = dayOf(effectiveDate)
  return !Number.isNaN(day.getTime()) && yymmdd(day) === effectiveDate ? day : undefined
}

/**
 * The credit the ledger is asked for: the virtual account number names the account, and the
 * effective date with the originating bank's trace number names the entry for good. Without a
 * valid effective date the entry cannot be named for good, so it is not credited.
 */
function bankCreditOf(credit: AchIncomingCredit): BankCredit | undefined {
  const bookedAt = effectiveDayOf(credit.effectiveDate)
  if (!bookedAt) return undefined
  const about = credit.paymentInformation ? `: ${credit.paymentInformation}` : ''
  return {
    rail: 'ACH',
    identifier: credit.accountNumber,
    currency: 'USD',
    amount: credit.amount,
    entryKey: `${credit.effectiveDate}/${credit.traceNumber}`,
    bookedAt,
    description: `ACH credit from ${credit.payerName || 'an unnamed originator'}${about}`,
  }
}

/**
 * Credits each received entry to the internal account its virtual account number names (see
 * creditCollectedPayments: before the file's claim, once per entry); what no account took goes to
 * the operator queue, its account number masked.
 */
export async function creditReceivedEntries(deps: PaymentsDeps, credits: AchIncomingCredit[]): Promise<ReceivedCredits> {
  const asked = credits.map((credit) => ({ credit, bankCredit: bankCreditOf(credit) }))
  const outcomes = await creditCollectedPayments(deps, asked.flatMap(({ bankCredit }) => (bankCredit ? [bankCredit] : [])))
  const items = asked.flatMap(({ credit, bankCredit }): NewOperatorItem[] => {
    const problem = bankCredit ? outcomes.get(bankCredit) : `a credit whose batch has no valid effective date (${credit.effectiveDate})`
    if (problem === undefined) return []
    return [{ id: newId('AchItem'), kind: 'UNMATCHED_CREDIT', reference: credit.traceNumber, amount: credit.amount, problem, records: maskRecords(credit.records) }]
  })
  return { credited: credits.length - items.length, items }
}
