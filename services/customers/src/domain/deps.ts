import type { SqlRunner } from '@pp/db'
import type { CodeMac, SealingKeyring } from '@pp/secrets'
import type { Db } from '../db/client.js'
import type { AgreementCatalogue } from './consents/agreements.js'
import type { WalletContacts } from './customers/contact-change.js'
import type { PlatformConfigSource } from './platform-settings.js'
import type { ScaSettings } from './sca/types.js'
import type { VerificationProviders } from './verification/provider.js'

/** Lifetimes and limits of the verification flows; tests shorten them. */
export interface VerificationSettings {
  kycLinkTtlMs: number
  contactCodeTtlMs: number
  /** Wrong codes a contact channel allows in an hour, across resends. */
  contactCodeAttemptsMax: number
  /** Codes a contact channel is sent in an hour, and the least time between two. */
  contactCodesPerHour: number
  contactCodeResendIntervalMs: number
}

/** What the use cases need; main.ts wires the real ones, tests may swap the platform source. */
export interface CustomersDeps {
  db: Db
  /** The hot reads' prepared statements; Prisma keeps the writes and the cold reads. */
  sql: SqlRunner
  platformConfig: PlatformConfigSource
  /** The embedded wallets' OTP credentials, which follow the customer's contacts. */
  walletContacts: WalletContacts
  verification: VerificationProviders
  agreements: AgreementCatalogue
  settings: VerificationSettings
  sca: ScaSettings
  /** HMAC of the short codes kept (contact and SMS codes), keyed from SCA_SECRET_KEY. */
  codes: CodeMac
  /** Seals national identification numbers at rest (PERSONAL_DATA_KEY), each bound to its row. */
  personalData: SealingKeyring
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
}
