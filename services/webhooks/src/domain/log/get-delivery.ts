import { ApiError } from '@pp/errors'
import { findDelivery } from '../../db/delivery-log.db.js'
import type { Db } from '../../db/client.js'
import type { Caller, DeliveryView } from '../types.js'

/** One delivery of the caller's log; another tenant's does not exist. */
export async function getDelivery(db: Db, caller: Caller, deliveryId: string): Promise<DeliveryView> {
  const delivery = deliveryId ? await findDelivery(db, caller, deliveryId) : undefined
  if (!delivery) throw new ApiError('NOT_FOUND', `Webhook delivery ${deliveryId} not found`)
  return delivery
}
