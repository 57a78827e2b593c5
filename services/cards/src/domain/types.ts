import type { Card, CardTransaction } from '@pp/contracts'
import type { Tenant } from '@pp/tenancy'

export { tenantOf, type Caller, type Environment, type Origin, type Tenant } from '@pp/tenancy'

export const CARD_STATES = ['PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED'] as const
export type CardState = (typeof CARD_STATES)[number]

export type CardStateReason = 'ISSUER_REJECTED' | 'CLOSED_BY_PLATFORM' | 'CLOSED_BY_SERVICE'

/** A card as stored; the number stays sealed, bound to the card, under the key `panKeyId` names. */
export interface CardRecord extends Tenant {
  id: string
  cardholderId: string
  platformCustomerId: string
  platformCardId: string | null
  state: CardState
  stateReason: CardStateReason | null
  brand: string
  form: string
  currency: string
  last4: string
  expMonth: number
  expYear: number
  panSealed: Uint8Array
  /** Null for a number sealed before key ids, until the next start re-seals it. */
  panKeyId: string | null
  maxSpendPerTransaction: bigint | null
  processorRef: string
  issuerRef: string
  createdAt: Date
  updatedAt: Date
}

/** A funding-source binding: one of the card's accounts, in priority order. */
export interface FundingSourceBinding {
  id: string
  accountId: string
  /** The account's type when bound (EMBEDDED_WALLET spends with a delegated key); null for a binding made before types were kept. */
  accountType: string | null
  position: number
}

export interface CardWithSources {
  card: CardRecord
  /** The attached bindings, in priority order. */
  sources: FundingSourceBinding[]
}

/** The API's Card. */
export type CardView = Card

export type CardTransactionStatus = 'AUTHORIZED' | 'PARTIALLY_SETTLED' | 'SETTLED' | 'REFUNDED' | 'EXCEPTION'
export type Direction = 'DEBIT' | 'CREDIT'

export interface Merchant {
  descriptor: string
  mcc?: string
  country?: string
}

/** A card transaction as stored, with its running totals. */
export interface CardTransactionRecord extends Tenant {
  id: string
  cardId: string
  customerId: string
  platformCustomerId: string
  accountId: string
  issuerTransactionToken: string
  status: CardTransactionStatus
  direction: Direction
  currency: string
  merchant: Merchant
  authorizedAmount: bigint
  settledAmount: bigint
  refundedAmount: bigint
  pullCount: number
  pullTotal: bigint
  pullPending: number
  refundCount: number
  /** The last return, which a return reversal undoes. */
  lastReturnAmount: bigint | null
  settlementCount: number
  version: number
  authorizedAt: Date
  lastEventAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/** A ledger hold a card transaction placed on its account. */
export interface HoldRecord {
  id: string
  cardTransactionId: string
  amount: bigint
  status: 'OPEN' | 'POSTED' | 'VOIDED'
  createdAt: Date
}

/** The API's CardTransaction (type CARD of GET /transactions). */
export type CardTransactionView = CardTransaction
export type CurrencyAmountView = CardTransaction['authorizedAmount']

/** EXPIRE_AUTHORIZATION: an authorization's window ended (`expire:<id>`), or its card closed (`close:<id>`). */
export type JobKind = 'ACTIVATE_CARD' | 'CONFIRM_PULL' | 'FAIL_CONFIRMATION' | 'RECOVER_MESSAGE' | 'EXPIRE_AUTHORIZATION'

export interface NewJob {
  id: string
  kind: JobKind
  cardId: string
  cardTransactionId: string | null
  runAt: Date
}
