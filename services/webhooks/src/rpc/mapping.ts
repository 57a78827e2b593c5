import type { Delivery } from '@pp/proto/webhooks/v1/webhooks'
import type { DeliveryView } from '../domain/types.js'

export const deliveryToProto = (delivery: DeliveryView): Delivery => ({
  id: delivery.id,
  eventId: delivery.eventId ?? '',
  webhookType: delivery.webhookType,
  status: delivery.status,
  attemptCount: delivery.attemptCount,
  nextAttemptAt: delivery.nextAttemptAt,
  deliveredAt: delivery.deliveredAt,
  deadAt: delivery.deadAt,
  createdAt: delivery.createdAt,
  payload: delivery.payload ?? '',
  attempts: delivery.attempts.map(({ payload: _, ...attempt }) => attempt),
  requestId: delivery.requestId,
})
