import type { PlatformDb } from '../db/client.js'
import type { SecretHasher } from './secrets.js'

/** What every use case needs; tests pass their own clock. */
export interface PlatformDeps {
  db: PlatformDb
  secrets: SecretHasher
  now: () => Date
}
