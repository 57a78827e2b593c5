import type { Logger } from '@pp/logging'
import type { Db } from '../db/client.js'
import type { StablecoinIssuer } from './issuer.js'
import type { LedgerPort } from './ledger.js'
import type { Environment } from './types.js'

export interface SandboxTimings {
  /** PENDING_APPROVAL → ENABLING, and ENABLING → ENABLED, each after this long. */
  approvalDelayMs: number
  /** A mint or burn's outcome after this long. */
  operationDelayMs: number
}

/** What the use cases need; main.ts wires the real ones. */
export interface StablecoinsDeps {
  db: Db
  ledger: LedgerPort
  /** The issuer each environment talks to: the sandbox issuer, or production's (unconfigured: refuses clearly). */
  issuers: Record<Environment, StablecoinIssuer>
  sandbox: SandboxTimings
  now: () => Date
  idempotencyKeyTtlMs: number
  logger: Logger
}
