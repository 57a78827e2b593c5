import type { Caller, Environment, Origin } from '@pp/tenancy'
import type { TransactionRow } from './types.js'

/** The tenant of a transaction and the request that created it, when one did (its events name it). */
export const originOf = (row: TransactionRow): Origin => {
  const tenant = { platformId: row.platformId, environment: row.environment as Environment }
  return row.requestId === null ? tenant : { ...tenant, requestId: row.requestId }
}

/**
 * The context of the calls a transaction's processing makes to other services: its origin, and
 * for money that arrived without a request, an id naming the transaction and the step.
 */
export const callContextOf = (row: TransactionRow, purpose: string): Caller => ({
  ...originOf(row),
  requestId: row.requestId ?? `payments:${row.id}${purpose}`,
})
