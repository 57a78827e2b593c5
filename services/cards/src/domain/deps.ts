import type { Logger } from '@pp/logging'
import type { SealingKeyring } from '@pp/secrets'
import type { Sql } from '../db/client.js'
import type { Caller, Environment, Origin } from './types.js'

/** What the cards service needs of a customer. */
export interface CardholderFacts {
  id: string
  platformCustomerId: string
  verificationStatus: string
  isDeleted: boolean
}

/** What it needs of an internal account. */
export interface AccountFacts {
  id: string
  customerId: string | undefined
  type: string
  status: string
  currency: string
  /** The ledger's word on whether the account can fund a card (its cardCapabilities). */
  canFundCard: boolean
}

export interface Directory {
  /** 404 CUSTOMER_NOT_FOUND for another tenant's or an unknown customer. */
  cardholder(caller: Caller, customerId: string): Promise<CardholderFacts>
  /** Undefined for an unknown account (or another tenant's). */
  account(origin: Origin, accountId: string): Promise<AccountFacts | undefined>
}

/** The card network's side of the ledger: the tenant's settlement system account in a currency. */
export type LedgerSide = { accountId: string } | 'NETWORK'

export interface LedgerMove {
  transferId: string
  from: LedgerSide
  to: LedgerSide
  currency: string
  amount: bigint
}

/** Whether the ledger moved the money, or refused it for the debited account's funds or status. */
export type MoveResult = 'MOVED' | 'REFUSED'

/**
 * The ledger calls card money takes; every transfer id is an idempotency key there, so a retried
 * message (or a crash recovery) calls again with the same ids and moves nothing twice.
 */
export interface CardLedger {
  hold(origin: Origin, move: LedgerMove): Promise<MoveResult>
  holdAndPost(origin: Origin, move: LedgerMove, postTransferId: string): Promise<MoveResult>
  /** Posts `amount` of the hold (all of it when undefined); the rest is released. */
  post(origin: Origin, transferId: string, holdId: string, amount?: bigint): Promise<void>
  release(origin: Origin, transferId: string, holdId: string): Promise<void>
  transfer(origin: Origin, move: LedgerMove): Promise<MoveResult>
}

/** wallet-auth's word on a card's delegated keys. */
export interface DelegatedKeys {
  /** Whether the card's funding source has an ACTIVE delegated key, which a wallet-funded card spends with. */
  hasActiveKey(origin: Origin, cardId: string, fundingSourceId: string): Promise<boolean>
}

export interface CardSettings {
  maxLivePerPlatform: number
  onePerCardholder: boolean
  activationDelayMs: number
  pullDelayMs: number
  revealTtlMs: number
  /** How long a received network message may stay unfinished before the recovery job finishes it. */
  messageRecoveryMs: number
  /** How long an authorization that no clearing settled keeps its hold, per environment. */
  authorizationExpiryMs: Record<Environment, number>
  /** Rows a job run claims, or a deleted customer's closing reads, per statement. */
  jobsBatch: number
}

export interface CardsDeps {
  sql: Sql
  directory: Directory
  ledger: CardLedger
  delegatedKeys: DelegatedKeys
  issuers: CardIssuers
  /** Seals card numbers at rest, each bound to its card, under a rotatable key. */
  keyring: SealingKeyring
  /** Signs reveal tokens (HMAC-SHA256). */
  revealKey: Buffer
  settings: CardSettings
  idempotencyKeyTtlMs: number
  logger: Logger
  now: () => Date
}

/** What the issuer gives a new card; never its security code, which is not stored (PCI DSS 3.3). */
export interface IssuedCard {
  brand: 'VISA' | 'MASTERCARD'
  pan: string
  expMonth: number
  expYear: number
  processorRef: string
  issuerRef: string
}

/** What an issuer derives a card's security code from. */
export interface CardNumbers {
  pan: string
  expMonth: number
  expYear: number
}

/** The card issuer at the edge: provisions cards; the sandbox one also runs the network's simulations. */
export interface CardIssuer {
  /** Provisions a card for `cardId`; the card is PROCESSING until its activation job runs. */
  issue(cardId: string, now: Date): IssuedCard
  /** The card's security code (CVV2), computed by the issuer each time it is revealed. */
  securityCode(card: CardNumbers): string
  /** Whether the sandbox's simulated network messages are served. */
  simulatesNetwork: boolean
}

export type CardIssuers = Record<Environment, CardIssuer>
