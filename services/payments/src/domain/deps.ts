import type { SqlPool } from '@pp/db'
import type { Environment } from '@pp/tenancy'
import type { Logger } from '@pp/logging'
import type { Services } from '../clients/services.js'
import type { Db } from '../db/client.js'
import type { LookupStore } from './catalog/deps.js'
import type { SizeLimits } from './quotes/size-limits.js'
import type { AchRail } from './rails/ach/ach-rail.js'
import type { DelayKind } from './rails/outcomes.js'
import type { PayoutRail } from './rails/payout-rail.js'
import type { RateSource } from './rates/rate-source.js'

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
  settings: PaymentsSettings
  /** Receiver look-ups, which a quote to an UMA address must name. */
  lookups: LookupStore
  now: () => Date
  /** How long an Idempotency-Key's first answer is replayed (IDEMPOTENCY_KEY_TTL_MS); after it the key is new again. */
  idempotencyKeyTtlMs: number
  logger: Logger
}
