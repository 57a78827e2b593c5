import { ApiError } from '@pp/errors'
import { findCustomer, type CustomerRecord } from '../../db/customers.db.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { isScaRegion } from '../sca-region.js'
import { tenantOf, type Caller } from '../types.js'

/** The customer an SCA call is about; outside an SCA region every SCA operation is 409, as the spec says. */
export async function scaCustomer(deps: CustomersDeps, caller: Caller, customerId: string): Promise<CustomerRecord> {
  const customer = mustBeActive(mustExist(await findCustomer(deps.db, tenantOf(caller), customerId), customerId))
  if (!isScaRegion(customer.profile.region)) {
    throw new ApiError('CONFLICT', 'Strong customer authentication is not required for this customer (not in an SCA region)')
  }
  return customer
}
