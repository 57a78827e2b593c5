import { invalidInput } from '@pp/errors'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { findTransactionPage, type TransactionFilter } from '../../db/transaction-pages.db.js'
import type { PaymentsDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { transactionJson, type TransactionView } from './view.js'

const STATUSES = ['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED']
const TYPES = ['INCOMING', 'OUTGOING', 'CARD']

export interface ListTransactionsInput extends TransactionFilter {
  /** 0 means the default. */
  limit: number
  cursor?: string
  sortOrder?: string
}

/** The API's page of transactions. */
export type TransactionPage = Page<TransactionView>

/** One keyset page of the tenant's transactions; every filter given must match. */
export async function listTransactions(deps: Pick<PaymentsDeps, 'db'>, tenant: Tenant, request: ListTransactionsInput): Promise<TransactionPage> {
  const limit = pageLimit(request.limit)
  const ascending = request.sortOrder === 'asc'
  if (request.sortOrder !== undefined && request.sortOrder !== 'asc' && request.sortOrder !== 'desc') {
    throw invalidInput([{ field: 'sortOrder', message: 'must be asc or desc', constraint: { enum: ['asc', 'desc'] } }])
  }
  assertFilter(request)
  const after = request.cursor ? decodeCursor(request.cursor) : undefined
  const { rows, totalCount } = await findTransactionPage(deps.db, tenant, request, { after, ascending, take: limit + 1 })
  return keysetPage(rows, limit, totalCount, transactionJson)
}

function assertFilter(filter: TransactionFilter): void {
  if (filter.status !== undefined && !STATUSES.includes(filter.status)) {
    throw invalidInput([{ field: 'status', message: 'not a transaction status', constraint: { enum: STATUSES } }])
  }
  if (filter.type !== undefined && !TYPES.includes(filter.type)) {
    throw invalidInput([{ field: 'type', message: 'not a transaction type', constraint: { enum: TYPES } }])
  }
}
