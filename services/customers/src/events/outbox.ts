import { writeOutbox } from '@pp/events'
import type { Tx } from '../db/client.js'
import type { CustomerView, Tenant } from '../domain/types.js'
import { EVENT_SOURCE } from './types.js'

/** Records a customer event in the caller's transaction; its data is the customer as the API shows it. */
export async function recordCustomerEvent(tx: Tx, type: string, tenant: Tenant, customer: CustomerView): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type, ...tenant, data: customer })
}
