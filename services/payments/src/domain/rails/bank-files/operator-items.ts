import { ApiError, invalidInput } from '@pp/errors'
import { listOperatorItems, resolveOperatorItem, type BankRail, type OperatorItemRow } from '../../../db/bank-files.db.js'
import type { PaymentsDeps } from '../../deps.js'

export type OperatorItem = OperatorItemRow

const LIST_LIMIT_MAX = 500
const RAILS: BankRail[] = ['ACH', 'SEPA']

/** The operator queue of the bank rails (one, or all): items a rail did not apply by itself, oldest first. */
export function listOperatorQueue(deps: PaymentsDeps, status: string, limit: number, rail?: string): Promise<OperatorItem[]> {
  if (status !== 'OPEN' && status !== 'RESOLVED') throw invalidInput([{ field: 'status', message: 'must be OPEN or RESOLVED', constraint: { enum: ['OPEN', 'RESOLVED'] } }])
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) throw invalidInput([{ field: 'limit', message: `must be between 1 and ${LIST_LIMIT_MAX}` }])
  if (rail !== undefined && !RAILS.includes(rail as BankRail)) throw invalidInput([{ field: 'rail', message: 'must be ACH or SEPA', constraint: { enum: RAILS } }])
  return listOperatorItems(deps.db, status, limit, rail as BankRail | undefined)
}

/**
 * Closes an item with what the operator did about it (corrected the external account, asked the
 * bank, reversed by hand...). The words are required: the queue is the record of the decision.
 */
export async function resolveOperatorQueueItem(deps: PaymentsDeps, id: string, resolution: string): Promise<OperatorItem> {
  if (!resolution.trim()) throw invalidInput([{ field: 'resolution', message: 'say what was done about the item' }])
  const resolved = await resolveOperatorItem(deps.db, id, resolution.trim(), deps.now())
  if (!resolved) throw new ApiError('NOT_FOUND', `No open bank rail item ${id}`, { id })
  return resolved
}
