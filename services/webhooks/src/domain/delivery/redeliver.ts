import { ApiError } from '@pp/errors'
import { findDelivery } from '../../db/delivery-log.db.js'
import { requeueDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { deliveryJson, type DeliveryJson } from '../log/view.js'
import type { Caller } from '../types.js'
import { idempotently } from './idempotent.js'

/**
 * Queues one more attempt of the caller's delivery, due now, whatever its status: a DELIVERED or
 * DEAD one becomes PENDING again, a PENDING one is made due now rather than queued twice. Answers
 * the delivery as it now stands; another tenant's does not exist.
 */
export function redeliverDelivery(deps: Pick<WebhooksDeps, 'db' | 'sql' | 'settings'>, caller: Caller, deliveryId: string): Promise<DeliveryJson> {
  return idempotently(deps, caller, 'RedeliverDelivery', { deliveryId }, async (tx) => {
    const isFound = deliveryId !== '' && (await requeueDelivery(tx, caller, deliveryId))
    const delivery = isFound ? await findDelivery(tx, caller, deliveryId) : undefined
    if (!delivery) throw new ApiError('NOT_FOUND', `Webhook delivery ${deliveryId} not found`)
    return deliveryJson(delivery, { withPayload: false })
  })
}
