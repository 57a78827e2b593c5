import { ApiError } from '@pp/errors'
import { findTransactionRow } from '../../db/transactions.db.js'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Tenant } from '../types.js'
import type { TransactionRow } from './types.js'

/** The tenant's transaction; anyone else's does not exist (404 TRANSACTION_NOT_FOUND). */
export async function findTransaction(deps: Pick<PaymentsDeps, 'sql'>, tenant: Tenant, transactionId: string): Promise<TransactionRow> {
  const row = await findTransactionRow(deps.sql, tenantOf(tenant), transactionId)
  if (!row) throw new ApiError('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} not found`)
  return row
}
