import { notConfigured } from '@pp/errors'
import { sandboxFundingInstructions } from '../../domain/quotes/payment-instructions.js'
import type { Outcome } from '../../domain/rails/outcomes.js'
import { scenarioSuffix, type PayoutRail, type PayoutRoute } from '../../domain/rails/payout-rail.js'

/** Same-currency transfers by suffix (spec, Sandbox behaviour, first table). */
const TRANSFER_SUFFIXES: Record<string, Outcome> = {
  '002': 'REJECT_INSUFFICIENT_FUNDS',
  '003': 'REJECT_ACCOUNT_INVALID',
  '004': 'REJECT_BY_BANK',
  '005': 'REJECT_LATE',
}

/** Cross-currency quotes with an external destination by suffix (spec, second table). */
const CROSS_CURRENCY_SUFFIXES: Record<string, Outcome> = {
  '002': 'EXECUTION_FAILED',
  '003': 'SETTLE_LATE',
  '004': 'DELIVERY_FAILED',
  '005': 'RETURN',
  '006': 'USER_CANCELLATION',
  '007': 'DELIVERY_AND_REFUND_FAILED',
}

/** The spec's sandbox tables: the counterparty's suffix selects the scenario. */
export const sandboxPayoutRail: PayoutRail = {
  decide: (route) => ({ outcome: sandboxOutcome(route) }),
  fundingInstructions: sandboxFundingInstructions,
}

function sandboxOutcome(route: PayoutRoute): Outcome {
  if (route.externalSide === 'NONE' || !route.counterpartyIdentifier) return 'SETTLE'
  const suffix = scenarioSuffix(route.counterpartyIdentifier)
  if (!suffix) return 'SETTLE'
  if (!route.crossCurrency) return TRANSFER_SUFFIXES[suffix] ?? 'SETTLE'
  if (route.externalSide === 'DESTINATION') return CROSS_CURRENCY_SUFFIXES[suffix] ?? 'SETTLE'
  return 'SETTLE'
}

/** A production corridor a bank-file rail can serve: payouts (credits) to one account type in one currency. */
interface BankFileCorridor {
  accountTypes: string[]
  currency: string
  paymentRail: string
  /** The setting that turns the rail on, named when it is off. */
  setting: string
}

/** US bank accounts in USD: NACHA files over the bank's SFTP server (ACH_* settings). */
const ACH_CORRIDOR: BankFileCorridor = { accountTypes: ['US_ACCOUNT', 'USD_ACCOUNT'], currency: 'USD', paymentRail: 'ACH', setting: 'ACH_SFTP_HOST' }

/**
 * EUR IBAN accounts in EUR: pain.001 credit transfers over the bank's SFTP server (SEPA_* settings).
 * EUR_ACCOUNT is the ledger's one account type that holds EUR on an IBAN; SEPA_INSTANT is another rail.
 */
const SEPA_CORRIDOR: BankFileCorridor = { accountTypes: ['EUR_ACCOUNT'], currency: 'EUR', paymentRail: 'SEPA', setting: 'SEPA_SFTP_HOST' }

/** The production rails a corridor may name (CATALOG_FILE's paymentRails), each with the setting that connects it. */
export const PRODUCTION_BANK_RAILS: readonly Pick<BankFileCorridor, 'paymentRail' | 'setting'>[] = [ACH_CORRIDOR, SEPA_CORRIDOR]

/** Which production rails this deployment has configured. */
export interface ProductionRails {
  achConfigured: boolean
  sepaConfigured: boolean
}

/**
 * Production: a payout to an external account goes to the bank-file rail configured for its
 * corridor (account type and currency) and waits for the bank's answer; one converted on the way
 * (priced by the production rate source) pays the receiving amount, in the rail's currency.
 * Transfers between internal accounts settle at once. Any other corridor, a pull from an external
 * account, or a corridor whose rail is not configured is refused (501) with the corridor and the
 * setting that would enable it, never a pretended success.
 */
export function productionPayoutRail(configured: ProductionRails): PayoutRail {
  const corridors = [
    { ...ACH_CORRIDOR, isConfigured: configured.achConfigured },
    { ...SEPA_CORRIDOR, isConfigured: configured.sepaConfigured },
  ]
  return {
    decide(route) {
      if (route.externalSide === 'NONE') return { outcome: 'SETTLE' }
      const corridor = `${route.accountType ?? 'UNKNOWN'}/${route.currency ?? 'UNKNOWN'}`
      const rail = corridors.find((c) => c.currency === route.currency && c.accountTypes.includes(route.accountType ?? ''))
      const asked = route.paymentRail ? ` over ${route.paymentRail}` : ''
      const served = rail && route.externalSide === 'DESTINATION' && (!route.paymentRail || route.paymentRail === rail.paymentRail)
      if (!served) throw notConfigured(`A production ${route.externalSide === 'SOURCE' ? 'pull' : 'payout'} rail for ${corridor}${asked}`, { corridor })
      if (!rail.isConfigured) throw notConfigured(`The production ${rail.paymentRail} rail for ${corridor} (set ${rail.setting} and the other ${rail.paymentRail}_* settings)`, { corridor, setting: rail.setting })
      return { outcome: 'AWAIT_BANK', paymentRail: rail.paymentRail }
    },
    // the sandbox's collection accounts are test values: a customer must never be told to wire real money there
    fundingInstructions(_quoteId, currency) {
      throw notConfigured(`A production collection account for realtime funding in ${currency}`)
    },
  }
}

/** Production with no rail configured: money only moves between internal accounts. */
export const unconfiguredPayoutRail: PayoutRail = productionPayoutRail({ achConfigured: false, sepaConfigured: false })
