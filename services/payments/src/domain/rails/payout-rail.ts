import { notConfigured } from '@pp/errors'
import type { Environment } from '@pp/tenancy'
import { sandboxFundingInstructions, type PaymentInstructions } from '../quotes/payment-instructions.js'
import type { Outcome } from './outcomes.js'

/** The payout a rail is asked about, described by what the sandbox tables look at. */
export interface PayoutRoute {
  /** The counterparty's primary identifier (account number, IBAN, address, UMA address...), if any. */
  counterpartyIdentifier?: string
  /** The external side of the payout: a pull SOURCE, a DESTINATION, or NONE (internal to internal). */
  externalSide: 'SOURCE' | 'DESTINATION' | 'NONE'
  crossCurrency: boolean
  /** The external account's type (US_ACCOUNT...), when the external side is an account. */
  accountType?: string
  /** The currency the external side holds. */
  currency?: string
  /** The payment rail the caller asked for, if any. */
  paymentRail?: string
}

/**
 * How a payout will go: its outcome, and the payment rail that carries it when a rail of this
 * deployment does (the transaction shows it). A synchronous rail (the sandbox) knows the outcome
 * now; an asynchronous one (a bank file) answers AWAIT_BANK and learns it from the bank later.
 */
export interface RailDecision {
  outcome: Outcome
  paymentRail?: string
}

/** Bank and wallet rails: how a payout will go. Production rails decide by the network's answers. */
export interface PayoutRail {
  decide(route: PayoutRoute): RailDecision
  /**
   * Where a realtime-funded quote's money is sent in `currency`: accounts the rail collects on,
   * told apart by the quote's reference. Only a rail that owns such an account shows one.
   */
  fundingInstructions(quoteId: string, currency: string): PaymentInstructions[]
}

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

/**
 * The sandbox scenario digits of an identifier: its last three characters when they are digits;
 * for an identifier with a domain part (an email PIX key, a Lightning or UMA address), those of
 * the part before the '@'. A leading `$` of an UMA address is not part of the username.
 */
export function scenarioSuffix(identifier: string): string | undefined {
  const at = identifier.lastIndexOf('@')
  const local = at === -1 ? identifier : identifier.slice(0, at)
  const suffix = local.slice(-3)
  return /^[0-9]{3}$/.test(suffix) ? suffix : undefined
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

/** Which production rails this deployment has configured. */
export interface ProductionRails {
  achConfigured: boolean
}

/**
 * Production: a same-currency payout to an external account goes to the bank-file rail
 * configured for its corridor (account type and currency) and waits for the bank's answer.
 * Transfers between internal accounts settle at once. Any other corridor, a pull from an external
 * account, a conversion, or a corridor whose rail is not configured is refused (501) with the
 * corridor and the setting that would enable it, never a pretended success.
 */
export function productionPayoutRail(configured: ProductionRails): PayoutRail {
  const corridors = [{ ...ACH_CORRIDOR, isConfigured: configured.achConfigured }]
  return {
    decide(route) {
      if (route.externalSide === 'NONE') return { outcome: 'SETTLE' }
      const corridor = `${route.accountType ?? 'UNKNOWN'}/${route.currency ?? 'UNKNOWN'}`
      const rail = corridors.find((c) => c.currency === route.currency && c.accountTypes.includes(route.accountType ?? ''))
      const asked = route.paymentRail ? ` over ${route.paymentRail}` : ''
      const served = rail && route.externalSide === 'DESTINATION' && !route.crossCurrency && (!route.paymentRail || route.paymentRail === rail.paymentRail)
      if (!served) throw notConfigured(`A production ${route.externalSide === 'SOURCE' ? 'pull' : 'payout'} rail for ${corridor}${asked}${route.crossCurrency ? ' with a conversion' : ''}`, { corridor })
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
export const unconfiguredPayoutRail: PayoutRail = productionPayoutRail({ achConfigured: false })

export const payoutRailFor = (environment: Environment, rails: Record<Environment, PayoutRail>): PayoutRail => rails[environment]
