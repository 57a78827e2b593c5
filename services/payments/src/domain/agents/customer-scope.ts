import { ApiError } from '@pp/errors'
import type { PaymentsDeps } from '../deps.js'
import { findTransaction } from '../transactions/find.js'
import type { Tenant } from '../types.js'
import type { TransactionRow } from '../transactions/types.js'

/**
 * The tenant's transaction, and when `customerId` is given only that customer's: an agent reads
 * its own customer's transactions, and another's does not exist for it (404, never data).
 */
export async function findCustomerTransaction(
  deps: Pick<PaymentsDeps, 'sql'>,
  tenant: Tenant,
  transactionId: string,
  customerId: string | undefined,
): Promise<TransactionRow> {
  const row = await findTransaction(deps, tenant, transactionId)
  if (customerId !== undefined && row.customerId !== customerId) throw new ApiError('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`)
  return row
}
