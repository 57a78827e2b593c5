import { writeOutbox } from '@pp/events'
import type { Tx } from '../db/client.js'
import type { CustomerView, Tenant } from '../domain/types.js'
import { EVENT_SOURCE } from './types.js'

/** Records an event in the caller's transaction, so it commits with the change it reports. */
export async function recordEvent(tx: Tx, type: string, tenant: Tenant, data: unknown): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type, ...tenant, data })
}

/** A customer event; its data is the customer as the API shows it. */
export const recordCustomerEvent = (tx: Tx, type: string, tenant: Tenant, customer: CustomerView): Promise<void> =>
  recordEvent(tx, type, tenant, customer)
