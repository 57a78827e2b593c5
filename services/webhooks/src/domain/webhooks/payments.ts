import type { EventEnvelope } from '@pp/events'
import type { WebhookDraft, WebhookFamily } from './types.js'

const INCOMING_SUFFIXES = ['PENDING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED']
const OUTGOING_SUFFIXES = [
  'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED',
  'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED',
]

interface PaymentEventData {
  type?: unknown
  transaction?: { status?: unknown }
}

/**
 * Payment events are `INCOMING_PAYMENT` / `OUTGOING_PAYMENT` (or already a dotted type) with data
 * `{type, transaction}`. The webhook's `type` is the reference's status-specific name
 * (`INCOMING_PAYMENT.COMPLETED`): the one the event names, else the family plus the
 * transaction's status, else the bare family name the spec lists. The body carries the
 * transaction twice: as `transaction`, the spec's shape, and as `data`, the reference's.
 */
function paymentFamily(name: string, family: string, suffixes: readonly string[]): WebhookFamily {
  const known = new Set(suffixes.map((suffix) => `${family}.${suffix}`))
  const pick = (candidate: unknown): string | undefined =>
    typeof candidate === 'string' && known.has(candidate) ? candidate : undefined
  return {
    name,
    draft(event: EventEnvelope): WebhookDraft | undefined {
      if (event.type !== family && !event.type.startsWith(`${family}.`)) return undefined
      const data = (event.data ?? {}) as PaymentEventData
      const transaction = data.transaction
      if (!transaction) return undefined
      const type = pick(data.type) ?? pick(event.type) ?? pick(`${family}.${String(transaction.status)}`) ?? family
      return { type, data: transaction, topLevel: { transaction } }
    },
  }
}

export const paymentFamilies: WebhookFamily[] = [
  paymentFamily('incoming-payment', 'INCOMING_PAYMENT', INCOMING_SUFFIXES),
  paymentFamily('outgoing-payment', 'OUTGOING_PAYMENT', OUTGOING_SUFFIXES),
]
