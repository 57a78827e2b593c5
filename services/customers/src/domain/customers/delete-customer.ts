import { inTransaction } from '@pp/db'
import { lockCustomer, saveCustomer } from '../../db/customers.db.js'
import { recordEvent } from '../../events/outbox.js'
import { CUSTOMER_DELETED } from '../../events/types.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type CustomerView } from '../types.js'
import { loadCustomerView, mustBeActive, mustExist } from './view.js'

/**
 * Marks the customer deleted. The row stays (lists can include deleted customers) but no longer
 * holds its platformCustomerId, which the partial unique index counts only for active customers.
 */
export function deleteCustomer(deps: CustomersDeps, caller: Caller, customerId: string): Promise<CustomerView> {
  const tenant = tenantOf(caller)
  return inTransaction(deps.db, async (tx) => {
    const current = mustBeActive(mustExist(await lockCustomer(tx, tenant, customerId), customerId))
    const now = deps.now()
    const deleted = { ...current, updatedAt: now, deletedAt: now }
    await saveCustomer(tx, deleted)
    const view = await loadCustomerView(tx, deleted)
    await recordEvent(tx, caller, CUSTOMER_DELETED, view)
    return view
  })
}
