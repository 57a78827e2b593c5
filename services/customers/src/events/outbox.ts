import { originFields, writeOutbox } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import type { Tx } from '../db/client.js'
import type { CustomerView } from '../domain/types.js'
import { EVENT_SOURCE } from './types.js'

/** Records an event in the caller's transaction, so it commits with the change it reports (and the request that made it). */
export async function recordEvent(tx: Tx, type: string, origin: Origin, data: unknown): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type, ...originFields(origin), data })
}

/** A customer event; its data is the customer as the API shows it. */
export const recordCustomerEvent = (tx: Tx, type: string, origin: Origin, customer: CustomerView): Promise<void> =>
  recordEvent(tx, type, origin, customer)
