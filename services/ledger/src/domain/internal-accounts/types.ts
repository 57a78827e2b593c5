import type { InternalAccount } from '@pp/contracts'
import type { AccountBalance } from '../transfers/types.js'
import type { Environment } from '../types.js'
import type { AccountStatus } from './status-rules.js'

export const INTERNAL_ACCOUNT_TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED'] as const
export type InternalAccountType = (typeof INTERNAL_ACCOUNT_TYPES)[number]

/** Where a RULE_BASED account's incoming payments are swept, and the payer they are attributed to. */
export interface SweepRule {
  destinationAccountId: string
  payerName?: string
}

/** The reference's account-or-wallet info of one funding instruction; fields depend on accountType. */
export interface AccountOrWalletInfo {
  accountType: string
  paymentRails?: string[]
  reference?: string
  accountNumber?: string
  routingNumber?: string
  bankName?: string
  iban?: string
  swiftCode?: string
  clabeNumber?: string
  sortCode?: string
  address?: string
  assetType?: string
}

export interface PaymentInstructions {
  instructionsNotes?: string
  isPlatformAccount: boolean
  accountOrWalletInfo: AccountOrWalletInfo
}

export interface InternalAccountRecord {
  id: string
  platformId: string
  environment: Environment
  /** null: the account belongs to the platform. */
  customerId: string | null
  type: InternalAccountType
  currency: string
  status: AccountStatus
  label: string | null
  sweepRule: SweepRule | null
  privateEnabled: boolean | null
  fundingInstructions: PaymentInstructions[]
  /** What an incoming bank credit names a production account by; null where no collection account funds it. */
  collectionKey: string | null
  createdAt: Date
  /** When the account's own row last changed (status, privacy). */
  updatedAt: Date
  /** When its ledger account last moved: every movement sets it, the row stays untouched. */
  balanceUpdatedAt: Date
  balance: AccountBalance
}

/** What other services act on of an account: its holder (null for the platform), type, status and currency. */
export type AccountIdentity = Pick<InternalAccountRecord, 'id' | 'customerId' | 'type' | 'status' | 'currency'>
/** What other services act on of an account: who holds it, what it is, and whether a card could draw on it. */
export type InternalAccountFacts = AccountIdentity & { canFundCard: boolean }

export type CurrencyAmountView = InternalAccount['balance']

/** The account as the API shows it (JSON-ready); also the data of the account events. */
export type InternalAccountView = InternalAccount
