import { ApiError, invalidInput } from '@pp/errors'
import { listOperatorItems, resolveOperatorItem, type OperatorItemRow } from '../../../db/ach-inbound.db.js'
import type { PaymentsDeps } from '../../deps.js'

export type AchOperatorItem = OperatorItemRow

const LIST_LIMIT_MAX = 500

/** The operator queue: items the rail did not apply by itself, oldest first. */
export function listAchItems(deps: PaymentsDeps, status: string, limit: number): Promise<AchOperatorItem[]> {
  if (status !== 'OPEN' && status !== 'RESOLVED') throw invalidInput([{ field: 'status', message: 'must be OPEN or RESOLVED', constraint: { enum: ['OPEN', 'RESOLVED'] } }])
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) throw invalidInput([{ field: 'limit', message: `must be between 1 and ${LIST_LIMIT_MAX}` }])
  return listOperatorItems(deps.db, status, limit)
}

/**
 * Closes an item with what the operator did about it (corrected the external account, asked the
 * bank, reversed by hand...). The words are required: the queue is the record of the decision.
 */
export async function resolveAchItem(deps: PaymentsDeps, id: string, resolution: string): Promise<AchOperatorItem> {
  if (!resolution.trim()) throw invalidInput([{ field: 'resolution', message: 'say what was done about the item' }])
  const resolved = await resolveOperatorItem(deps.db, id, resolution.trim(), deps.now())
  if (!resolved) throw new ApiError('NOT_FOUND', `No open ACH item ${id}`, { id })
  return resolved
}
