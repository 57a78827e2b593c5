import { webhookKind, type EventEnvelope, type WebhookKind } from '@pp/events'
import type { WebhookDraft, WebhookFamily } from './types.js'

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
function paymentFamily(kind: WebhookKind, family: string): WebhookFamily {
  const known = new Set(kind.types)
  const pick = (candidate: unknown): string | undefined =>
    typeof candidate === 'string' && known.has(candidate) ? candidate : undefined
  return {
    name: kind.name,
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
  paymentFamily(webhookKind('incoming-payment'), 'INCOMING_PAYMENT'),
  paymentFamily(webhookKind('outgoing-payment'), 'OUTGOING_PAYMENT'),
]
