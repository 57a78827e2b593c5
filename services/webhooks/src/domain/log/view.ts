import type { WebhookDelivery, WebhookDeliveryListJson } from '@pp/contracts'
import type { AttemptView, DeliveryView } from '../types.js'
import type { DeliveryPage } from './list-deliveries.js'

/** One attempt as the API shows it. */
type AttemptJson = WebhookDelivery['attempts'][number]

/** A delivery as the API shows it (the WebhookDelivery schema); `payload` only where one delivery is read. */
export type DeliveryJson = WebhookDelivery

const iso = (value: Date | undefined): string | undefined => value?.toISOString()

const attemptJson = (attempt: AttemptView): AttemptJson => ({
  attemptNumber: attempt.attemptNumber,
  startedAt: attempt.startedAt.toISOString(),
  finishedAt: iso(attempt.finishedAt),
  url: attempt.url,
  responseStatus: attempt.statusCode,
  latencyMs: attempt.latencyMs,
  error: attempt.error,
})

/** The delivery's public JSON, built here once: the gateway sends it on as it is. */
export function deliveryJson(delivery: DeliveryView, options: { withPayload: boolean }): DeliveryJson {
  return {
    id: delivery.id,
    type: delivery.webhookType,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    waitingFor: delivery.waitingFor,
    deliveredAt: iso(delivery.deliveredAt),
    deadAt: iso(delivery.deadAt),
    createdAt: delivery.createdAt.toISOString(),
    attempts: delivery.attempts.map(attemptJson),
    ...(options.withPayload && delivery.payload !== undefined && { payload: delivery.payload }),
  }
}

/** A page of the log as the list envelope, without the bodies sent. */
export const deliveryPageJson = (page: DeliveryPage): WebhookDeliveryListJson => ({
  data: page.data.map((delivery) => deliveryJson(delivery, { withPayload: false })),
  hasMore: page.hasMore,
  nextCursor: page.nextCursor,
  totalCount: page.totalCount,
})
