import { outboxRecord, type OutboxRecord } from '@pp/events'
import { originOf } from '../domain/transactions/call-context.js'
import { transactionJson } from '../domain/transactions/view.js'
import type { TransactionRow } from '../domain/transactions/types.js'

const EVENT_SOURCE = 'payments'
const OUTGOING_PAYMENT = 'OUTGOING_PAYMENT'
const INCOMING_PAYMENT = 'INCOMING_PAYMENT'

/**
 * A payment event for the outbox, written in the transaction that changes the payment:
 * `{type, transaction}` with the transaction as the API shows it. `type` names the status the
 * payment reached (`OUTGOING_PAYMENT.COMPLETED`) or, for a refund, the refund's
 * (`OUTGOING_PAYMENT.REFUND_PENDING`), which the webhooks service turns into the reference's
 * webhook type.
 */
export function paymentEvent(row: TransactionRow, refundChanged = false): OutboxRecord<unknown> {
  const family = row.type === 'INCOMING' ? INCOMING_PAYMENT : OUTGOING_PAYMENT
  const refund = row.refund as { status?: string } | null
  const suffix = refundChanged && refund?.status ? `REFUND_${refund.status}` : row.status
  return outboxRecord(EVENT_SOURCE, {
    type: family,
    ...originOf(row),
    data: { type: `${family}.${suffix}`, transaction: transactionJson(row) },
  })
}
