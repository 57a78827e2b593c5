import type { Merchant, Tenant } from '../types.js'

export const MESSAGE_KINDS = [
  'AUTHORIZATION', 'CLEARING', 'RETURN', 'BALANCE_INQUIRY', 'CREDIT_AUTHORIZATION', 'FINANCIAL_AUTHORIZATION',
  'FINANCIAL_CREDIT_AUTHORIZATION', 'AUTHORIZATION_ADVICE', 'CREDIT_AUTHORIZATION_ADVICE', 'RETURN_REVERSAL',
] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** The kinds that open a new card transaction (the others act on an existing one, or none). */
export const OPENING_KINDS: readonly MessageKind[] = [
  'AUTHORIZATION', 'CREDIT_AUTHORIZATION', 'FINANCIAL_AUTHORIZATION', 'FINANCIAL_CREDIT_AUTHORIZATION', 'CREDIT_AUTHORIZATION_ADVICE',
]

export interface MessageRequest {
  amount?: string
  currency?: string
  merchant?: Merchant
  cardTransactionId?: string
}

/** A card network message (a simulation, in the sandbox) as received. */
export interface NetworkMessage extends Tenant {
  /** The issuer transaction token: the message's id and the root of its ledger transfer ids. */
  token: string
  cardId: string
  kind: MessageKind
  /** The transaction it opens (its id chosen on receipt) or acts on. */
  cardTransactionId: string | null
  request: MessageRequest
  fingerprint: string
  outcome: string
  createdAt: Date
}

/** The sandbox outcome a merchant descriptor asks for by its last three characters. */
export type SandboxOutcome = 'APPROVE' | 'DECLINE_FUNDS' | 'DECLINE_PAUSED' | 'DELAYED_PULL' | 'CONFIRMATION_FAILS'

export function sandboxOutcomeOf(descriptor: string): SandboxOutcome {
  switch (descriptor.slice(-3)) {
    case '002':
      return 'DECLINE_FUNDS'
    case '003':
      return 'DECLINE_PAUSED'
    case '005':
      return 'DELAYED_PULL'
    case '006':
      return 'CONFIRMATION_FAILS'
    default:
      return 'APPROVE'
  }
}
