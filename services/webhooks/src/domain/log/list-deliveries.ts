import { ApiError } from '@pp/errors'
import { findLogPage } from '../../db/delivery-log.db.js'
import type { Db } from '../../db/client.js'
import { DELIVERY_STATUSES, type Caller, type DeliveryStatus, type DeliveryView } from '../types.js'
import { pageLimit, type Page } from '@pp/paging'
import { decodeCursor, encodeCursor } from './cursor.js'

export interface ListDeliveriesInput {
  limit: number
  cursor?: string
  status?: string
  webhookType?: string
  createdAfter?: Date
  createdBefore?: Date
}

export type DeliveryPage = Page<DeliveryView>

/** The caller's delivery log, newest first, each delivery with its attempts; optionally of one status, type or creation window. */
export async function listDeliveries(db: Db, caller: Caller, input: ListDeliveriesInput): Promise<DeliveryPage> {
  const limit = pageLimit(input.limit)
  const { rows, totalCount } = await findLogPage(db, caller, {
    limit,
    beforeId: input.cursor ? decodeCursor(input.cursor) : undefined,
    status: statusFilter(input.status),
    webhookType: input.webhookType || undefined,
    createdAfter: input.createdAfter,
    createdBefore: input.createdBefore,
  })
  const data = rows.slice(0, limit)
  const hasMore = rows.length > limit
  return { data, hasMore, nextCursor: hasMore ? encodeCursor(data.at(-1)!.id) : undefined, totalCount }
}

function statusFilter(status: string | undefined): DeliveryStatus | undefined {
  if (!status) return undefined
  if ((DELIVERY_STATUSES as readonly string[]).includes(status)) return status as DeliveryStatus
  throw new ApiError('INVALID_INPUT', 'status is not a delivery status', {
    errors: [{ field: 'status', message: 'one of the delivery statuses', constraint: { enum: [...DELIVERY_STATUSES] } }],
  })
}
