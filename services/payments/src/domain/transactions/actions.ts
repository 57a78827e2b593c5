import { ApiError, invalidInput } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { closePendingJobs } from '../../db/jobs.db.js'
import { cancelWaitingPayout, confirmReceiptDelivered } from '../../db/transactions.db.js'
import type { PaymentsDeps } from '../deps.js'
import { OUTCOME_PLANS, isOutcome } from '../rails/outcomes.js'
import type { Tenant } from '../types.js'
import { driveTransaction } from './driver.js'
import { findTransaction } from './find.js'
import type { TransactionRow } from './types.js'

/** Records that the platform delivered the receipt of a completed transaction. */
export async function confirmReceiptDelivery(deps: PaymentsDeps, tenant: Tenant, transactionId: string, at: Date | undefined): Promise<TransactionRow> {
  const row = await findTransaction(deps, tenant, transactionId)
  if (row.status !== 'COMPLETED') {
    throw invalidInput([{ field: 'transactionId', message: `the transaction is ${row.status}; a receipt is confirmed once it completed` }])
  }
  return confirmReceiptDelivered(deps.db, row.id, at ?? deps.now())
}

/**
 * Approve and reject act on transactions waiting for the platform's approval. This service puts no
 * transaction in that state (agent-initiated payments are not part of it), so every existing
 * transaction answers 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.
 */
export async function decidePendingApproval(deps: PaymentsDeps, tenant: Tenant, transactionId: string): Promise<TransactionRow> {
  const row = await findTransaction(deps, tenant, transactionId)
  throw new ApiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${row.id} is ${row.status}, not pending platform approval`, {
    status: row.status,
  })
}

/**
 * Cancels a payout whose funds are still only held (it waits for its delayed settlement or
 * failure): the hold is released to the sender. Anything posted, settled or final answers 409
 * TRANSACTION_NOT_CANCELLABLE.
 */
export async function cancelTransaction(deps: PaymentsDeps, tenant: Tenant, transactionId: string): Promise<TransactionRow> {
  const row = await findTransaction(deps, tenant, transactionId)
  const plan = isOutcome(row.outcome) ? OUTCOME_PLANS[row.outcome] : undefined
  const heldOnly = row.stage === 'WAIT' && row.status === 'PROCESSING' && plan?.afterHold.next === 'WAIT'
  const now = deps.now()
  const cancelled = heldOnly
    ? await inTransaction(deps.db, async (tx) => {
        const moved = await cancelWaitingPayout(tx, row.id, now)
        if (moved) await closePendingJobs(tx, row.id, now)
        return moved
      })
    : false
  if (!cancelled) {
    throw new ApiError('TRANSACTION_NOT_CANCELLABLE', `Transaction ${row.id} is ${row.status} and can no longer be cancelled`, { status: row.status })
  }
  await driveTransaction(deps, row.id, 'FAIL')
  return findTransaction(deps, tenant, row.id)
}
