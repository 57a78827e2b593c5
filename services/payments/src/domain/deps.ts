import type { SqlPool } from '@pp/db'
import type { Caller, Environment } from '@pp/tenancy'
import type { Logger } from '@pp/logging'
import type { Db } from '../db/client.js'
import type { CorridorOffers, LookupStore } from './catalog/deps.js'
import type { StoredLeg } from './quotes/legs.js'
import type { ScaGate } from './quotes/sca-gate.js'
import type { SizeLimits } from './quotes/size-limits.js'
import type { AchRail } from './rails/ach/ach-rail.js'
import type { SepaRail } from './rails/sepa/sepa-rail.js'
import type { DelayKind } from './rails/outcomes.js'
import type { PayoutRail } from './rails/payout-rail.js'
import type { RateSource } from './rates/rate-source.js'
import type { CustomerFacts, ExternalAccountFacts, InternalAccountFacts, InternalAccountState, PayoutBankDetails, PlatformFacts, TransferCode } from './types.js'

/** What the ledger is asked to credit: the rail says what the identifier is (virtual account number, creditor reference). */
export interface CollectedPayment {
  rail: 'ACH' | 'SEPA'
  identifier: string
  currency: string
  amount: bigint
  transferId: string
  description: string
}

/**
 * The other services payments depends on, reduced to the questions it asks them. Money moves only
 * through the ledger; every transfer id is an idempotency key there.
 */
export interface Services {
  internalAccount(ctx: Caller, accountId: string): Promise<InternalAccountFacts>
  /** The customer's internal accounts in `currency`. */
  customerAccounts(ctx: Caller, customerId: string, currency: string): Promise<InternalAccountState[]>
  /** 404 ACCOUNT_NOT_FOUND, 409 BANK_ACCOUNT_VALIDATION_PENDING, 400 INVALID_BANK_ACCOUNT. */
  usableExternalAccount(ctx: Caller, accountId: string): Promise<ExternalAccountFacts>
  /** A US bank account's numbers for a bank file, the account number in full: used to build the file, never stored. */
  payoutBankDetails(ctx: Caller, accountId: string): Promise<PayoutBankDetails>
  /** A production US account's prenote outcome, for the ledger to make it usable (VALIDATED) or not (FAILED); idempotent. */
  recordAchValidation(ctx: Caller, accountId: string, outcome: 'VALIDATED' | 'FAILED', returnCode?: string): Promise<void>
  /**
   * Money the bank received for the production account a payer named: credited by the ledger once
   * per transfer id. Answers why the ledger refused it (no such account, another currency, an
   * account that takes no money); throws when the ledger could not be asked.
   */
  creditCollectedPayment(payment: CollectedPayment): Promise<{ refused?: string }>
  customer(ctx: Caller, customerId: string): Promise<CustomerFacts>
  platform(ctx: Caller): Promise<PlatformFacts>
  hold(ctx: Caller, transferId: string, legs: StoredLeg[]): Promise<void>
  /** A hold posted in full at once (one ledger transaction); both ids stay idempotency keys. */
  holdAndPost(ctx: Caller, transferId: string, postTransferId: string, legs: StoredLeg[]): Promise<void>
  post(ctx: Caller, transferId: string, pendingId: string): Promise<void>
  release(ctx: Caller, transferId: string, pendingId: string): Promise<void>
  transfer(ctx: Caller, transferId: string, code: TransferCode, legs: StoredLeg[]): Promise<void>
  /** Strong customer authentication of quotes, which the customers service owns. */
  sca: ScaGate
  /**
   * A signed request for executing an EMBEDDED_WALLET-sourced quote, issued with the quote: the
   * wallet-auth service holds it and checks the stamp over its payloadToSign on execute.
   */
  beginQuoteSigning(ctx: Caller, walletAccountId: string, quoteId: string): Promise<{ payloadToSign: string; requestId: string }>
  close(): void
}

export interface PaymentsSettings {
  quoteTtlMs: number
  serviceFeeBps: number
  sizeLimits: SizeLimits
  /** Milliseconds of each configurable delay. */
  delays: Record<DelayKind, number>
}

/** Everything a use case needs; the process builds it once, tests build their own. */
export interface PaymentsDeps {
  db: Db
  /** The same database through prepared statements: the hot paths (quotes, transactions, their steps). */
  sql: SqlPool
  services: Services
  rates: Record<Environment, RateSource>
  rails: Record<Environment, PayoutRail>
  /** The production ACH rail's files and transport, when ACH_* is configured. */
  ach?: AchRail
  /** The production SEPA rail's files and transport, when SEPA_* is configured. */
  sepa?: SepaRail
  /** Production's corridors (CATALOG_FILE): a quote outside them is refused. Unset, the rails alone decide. */
  corridors?: CorridorOffers
  /** RATES_SOURCE=operator: production is priced from the rates operators set; `changed` drops this replica's cached rates. */
  operatorRates?: { changed(): void }
  settings: PaymentsSettings
  /** Receiver look-ups, which a quote to an UMA address must name. */
  lookups: LookupStore
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
  logger: Logger
}
