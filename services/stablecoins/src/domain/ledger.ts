import type { Origin } from '@pp/tenancy'

/** An account by id, or a tenant's system account of a kind and currency. */
export type AccountRef = { accountId: string } | { system: { kind: 'FUNDING' | 'SETTLEMENT'; currency: string } }

export interface Leg {
  debit: AccountRef
  credit: AccountRef
  currency: string
  amount: bigint
}

export interface InternalAccountFacts {
  customerId?: string
  type: string
  status: string
  currency: string
}

export interface ExternalAccountFacts {
  customerId?: string
  currency: string
  paymentRails: string[]
  accountNumber?: string
}

/**
 * What this service asks of the ledger. Every transfer id is an idempotency key there, derived
 * from the operation's id, so a retry never moves money twice.
 */
export interface LedgerPort {
  /** The token's holding account (id: the stablecoin's) and the issuance account of its symbol. */
  openTokenAccounts(origin: Origin, stablecoinId: string, symbol: string): Promise<{ issuanceAccountId: string }>
  internalAccount(origin: Origin, accountId: string): Promise<InternalAccountFacts>
  /** 404 ACCOUNT_NOT_FOUND, 409 BANK_ACCOUNT_VALIDATION_PENDING, 400 INVALID_BANK_ACCOUNT. */
  externalAccount(origin: Origin, externalAccountId: string): Promise<ExternalAccountFacts>
  hold(origin: Origin, transferId: string, code: 'FUNDING' | 'SETTLEMENT', legs: Leg[]): Promise<void>
  post(origin: Origin, transferId: string, pendingId: string): Promise<void>
  release(origin: Origin, transferId: string, pendingId: string): Promise<void>
  close(): void
}
