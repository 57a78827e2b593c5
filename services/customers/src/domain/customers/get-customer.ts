import { readCustomer } from '../../db/customer-reads.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type CustomerView } from '../types.js'
import { mustExist, viewOf } from './view.js'

/** A deleted customer is still shown, flagged `isDeleted`. */
export async function getCustomer(deps: CustomersDeps, caller: Caller, customerId: string): Promise<CustomerView> {
  return viewOf(mustExist(await readCustomer(deps.sql, tenantOf(caller), customerId), customerId))
}
