import type { Caller, Environment } from '@pp/tenancy'
import type { Transaction } from '../../db/generated/client.js'

/** The tenant of a transaction and the request that created it, for the calls its processing makes to other services. */
export const callContextOf = (row: Transaction, purpose: string): Caller => ({
  platformId: row.platformId,
  environment: row.environment as Environment,
  requestId: row.requestId ?? `payments:${row.id}${purpose}`,
})
