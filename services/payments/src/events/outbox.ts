import { writeOutbox } from '@pp/events'
import type { Tx } from '../db/client.js'
import type { Transaction } from '../db/generated/client.js'
import { transactionJson } from '../domain/transactions/view.js'

export const EVENT_SOURCE = 'payments'
export const OUTGOING_PAYMENT = 'OUTGOING_PAYMENT'
export const INCOMING_PAYMENT = 'INCOMING_PAYMENT'

/**
 * A payment event in the caller's transaction: `{type, transaction}` with the transaction as the
 * API shows it. `type` names the status the payment reached (`OUTGOING_PAYMENT.COMPLETED`) or, for a
 * refund, the refund's (`OUTGOING_PAYMENT.REFUND_PENDING`), which the webhooks service turns into
 * the reference's webhook type.
 */
export async function recordPaymentEvent(tx: Tx, row: Transaction, refundChanged = false): Promise<void> {
  const family = row.type === 'INCOMING' ? INCOMING_PAYMENT : OUTGOING_PAYMENT
  const refund = row.refund as { status?: string } | null
  const suffix = refundChanged && refund?.status ? `REFUND_${refund.status}` : row.status
  await writeOutbox(tx, EVENT_SOURCE, {
    type: family,
    platformId: row.platformId,
    environment: row.environment,
    data: { type: `${family}.${suffix}`, transaction: transactionJson(row) },
  })
}
