import type { SqlPool } from '@pp/db'
import type { Db } from '../db/client.js'
import type { ExternalAccountsDeps } from './external-accounts/deps.js'
import type { CollectionAccounts } from './internal-accounts/collection-accounts.js'
import type { PlatformConfigSource } from './platform-settings.js'

/** What the use cases need; main.ts wires the real ones, tests may swap the platform source. */
export interface LedgerDeps {
  db: Db
  /** The same database through prepared statements, for the hot paths (a payment's transfer). */
  sql: SqlPool
  platformConfig: PlatformConfigSource
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
  externalAccounts: ExternalAccountsDeps
  /** The deployment's bank accounts production internal accounts are funded on (COLLECTION_* settings). */
  collection: CollectionAccounts
}
