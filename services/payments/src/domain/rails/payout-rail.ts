import type { Environment } from '@pp/tenancy'
import type { PaymentInstructions } from '../quotes/payment-instructions.js'
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
export const payoutRailFor = (environment: Environment, rails: Record<Environment, PayoutRail>): PayoutRail => rails[environment]
