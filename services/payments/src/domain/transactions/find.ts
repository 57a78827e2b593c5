import { ApiError } from '@pp/errors'
import type { Transaction } from '../../db/generated/client.js'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Tenant } from '../types.js'

/** The tenant's transaction; anyone else's does not exist (404 TRANSACTION_NOT_FOUND). */
export async function findTransaction(deps: Pick<PaymentsDeps, 'db'>, tenant: Tenant, transactionId: string): Promise<Transaction> {
  const row = await deps.db.transaction.findFirst({ where: { id: transactionId, ...tenantOf(tenant) } })
  if (!row) throw new ApiError('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`)
  return row
}
