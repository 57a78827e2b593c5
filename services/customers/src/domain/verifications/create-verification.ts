import { inTransaction } from '@pp/db'
import { lockCustomer } from '../../db/customers.db.js'
import type { CustomersDeps } from '../deps.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import { tenantOf, type Caller } from '../types.js'
import { runVerification_ } from './run-verification.js'
import type { VerificationView } from './types.js'

/** POST /verifications: submits what is on file for the customer. */
export async function createVerification(deps: CustomersDeps, caller: Caller, customerId: string): Promise<VerificationView> {
  const platform = await deps.platformConfig.getConfig(caller)
  return inTransaction(deps.db, async (tx) => {
    const customer = mustBeActive(mustExist(await lockCustomer(tx, tenantOf(caller), customerId), customerId))
    return runVerification_(tx, deps, caller, customer, platform, 'API')
  })
}
