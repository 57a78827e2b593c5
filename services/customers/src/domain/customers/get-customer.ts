import { findCustomer } from '../../db/customers.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type CustomerView } from '../types.js'
import { loadCustomerView, mustExist } from './view.js'

/** A deleted customer is still shown, flagged `isDeleted`. */
export async function getCustomer(deps: CustomersDeps, caller: Caller, customerId: string): Promise<CustomerView> {
  const record = mustExist(await findCustomer(deps.db, tenantOf(caller), customerId), customerId)
  return loadCustomerView(deps.db, record)
}
