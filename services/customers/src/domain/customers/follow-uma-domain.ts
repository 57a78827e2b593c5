import { inTransaction } from '@pp/db'
import { findCustomer, moveSystemUmaAddresses } from '../../db/customers.db.js'
import { recordEvent } from '../../events/outbox.js'
import { CUSTOMER_UPDATED } from '../../events/types.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { loadCustomerView } from './view.js'

// customers moved per transaction: a platform with many keeps its transactions short
const BATCH = 200

/**
 * The system UMA addresses (`$<customer id>@<domain>`, given to customers created without one)
 * follow the platform's umaDomain: set for the first time it replaces the placeholder domain, and
 * changed later it moves them again. Addresses the platform chose stay as they are. Each moved
 * customer's CUSTOMER.UPDATED commits with its new address. The domain is read from the platform
 * service, which owns it, so an old event replayed moves nothing back. Answers how many moved.
 */
export async function followUmaDomain(deps: Pick<CustomersDeps, 'db' | 'platformConfig' | 'now'>, caller: Caller): Promise<number> {
  const { umaDomain } = await deps.platformConfig.getConfig(caller)
  if (!umaDomain) return 0
  const tenant = tenantOf(caller)
  let moved = 0
  for (;;) {
    const batch = await inTransaction(deps.db, async (tx) => {
      const ids = await moveSystemUmaAddresses(tx, tenant, umaDomain, deps.now(), BATCH)
      for (const id of ids) {
        const record = await findCustomer(tx, tenant, id)
        if (record) await recordEvent(tx, caller, CUSTOMER_UPDATED, await loadCustomerView(tx, record))
      }
      return ids.length
    })
    moved += batch
    if (batch < BATCH) return moved
  }
}
