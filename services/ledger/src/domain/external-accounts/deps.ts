import type { SqlRunner } from '@pp/db'
import type { Db } from '../../db/client.js'
import type { Environment } from '../types.js'
import type { BankAccountSealing } from './bank-account-sealing.js'
import type { CustomerDirectory } from './customer-directory.js'
import type { ExternalAccountRails } from './rails.js'

export interface ExternalAccountsSettings {
  /** How long a new US account's ACH validation takes in sandbox (a few banking days in production). */
  achValidationWindowMs: number
  /** How long a wallet ownership challenge stays answerable. */
  challengeTtlMs: number
}

/** What the external-account use cases need; main.ts wires the real ones, tests swap them. */
export interface ExternalAccountsDeps {
  db: Db
  /** The hot single reads (a payment checks its account) as prepared statements. */
  sql: SqlRunner
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
  customers: CustomerDirectory
  /** Seals the bank account numbers at rest and keys the accounts' identities (BANK_ACCOUNT_DATA_KEY). */
  sealing: BankAccountSealing
  rails: Record<Environment, ExternalAccountRails>
  settings: ExternalAccountsSettings
}
