import type { SqlRunner } from '@pp/db'
import type { Db } from '../db/client.js'
import type { AgreementCatalogue } from './consents/agreements.js'
import type { PlatformConfigSource } from './platform-settings.js'
import type { ScaSettings } from './sca/types.js'
import type { VerificationProviders } from './verification/provider.js'

/** Lifetimes and limits of the verification flows; tests shorten them. */
export interface VerificationSettings {
  kycLinkTtlMs: number
  contactCodeTtlMs: number
  contactCodeAttemptsMax: number
}

/** What the use cases need; main.ts wires the real ones, tests may swap the platform source. */
export interface CustomersDeps {
  db: Db
  /** The hot reads' prepared statements; Prisma keeps the writes and the cold reads. */
  sql: SqlRunner
  platformConfig: PlatformConfigSource
  verification: VerificationProviders
  agreements: AgreementCatalogue
  settings: VerificationSettings
  sca: ScaSettings
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
}
