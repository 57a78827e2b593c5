import { ApiError, notConfigured } from '@pp/errors'
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
}

/** Bank and wallet rails: how a payout will go. Production rails decide by the network's answers. */
export interface PayoutRail {
  outcomeOf(route: PayoutRoute): Outcome
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
  outcomeOf(route) {
    if (route.externalSide === 'NONE' || !route.counterpartyIdentifier) return 'SETTLE'
    const suffix = scenarioSuffix(route.counterpartyIdentifier)
    if (!suffix) return 'SETTLE'
    if (!route.crossCurrency) return TRANSFER_SUFFIXES[suffix] ?? 'SETTLE'
    if (route.externalSide === 'DESTINATION') return CROSS_CURRENCY_SUFFIXES[suffix] ?? 'SETTLE'
    return 'SETTLE'
  },
  fundingInstructions: sandboxFundingInstructions,
}

/**
 * Production has no bank or wallet rail connected in this deployment: money only moves between
 * internal accounts; a payout or pull through a rail is refused with a clear reason instead of a
 * pretended success.
 */
export const unconfiguredPayoutRail: PayoutRail = {
  outcomeOf(route) {
    if (route.externalSide === 'NONE') return 'SETTLE'
    throw notConfigured('A production payout rail for external accounts')
  },
  // the sandbox's collection accounts are test values: a customer must never be told to wire real money there
  fundingInstructions(_quoteId, currency) {
    throw notConfigured(`A production collection account for realtime funding in ${currency}`)
  },
}

export const payoutRailFor = (environment: Environment, rails: Record<Environment, PayoutRail>): PayoutRail => rails[environment]
