import { decodeCursor, encodeCursor } from '@pp/db'
import { invalidInput } from '@pp/errors'
import { findTransactionPage, type TransactionFilter } from '../../db/transaction-pages.db.js'
import type { PaymentsDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { transactionJson, type TransactionView } from './view.js'

const LIMIT_DEFAULT = 20
const LIMIT_MAX = 100
const STATUSES = ['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED']
const TYPES = ['INCOMING', 'OUTGOING', 'CARD']

export interface ListTransactionsInput extends TransactionFilter {
  /** 0 means the default. */
  limit: number
  cursor?: string
  sortOrder?: string
}

/** The API's page of transactions. */
export interface TransactionPage {
  data: TransactionView[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

/** One keyset page of the tenant's transactions; every filter given must match. */
export async function listTransactions(deps: Pick<PaymentsDeps, 'db'>, tenant: Tenant, request: ListTransactionsInput): Promise<TransactionPage> {
  const limit = request.limit === 0 ? LIMIT_DEFAULT : request.limit
  if (limit < 1 || limit > LIMIT_MAX) throw invalidInput([{ field: 'limit', message: `must be between 1 and ${LIMIT_MAX}` }])
  const ascending = request.sortOrder === 'asc'
  if (request.sortOrder !== undefined && request.sortOrder !== 'asc' && request.sortOrder !== 'desc') {
    throw invalidInput([{ field: 'sortOrder', message: 'must be asc or desc', constraint: { enum: ['asc', 'desc'] } }])
  }
  assertFilter(request)
  const after = request.cursor ? decodeCursor(request.cursor) : undefined
  const { rows, totalCount } = await findTransactionPage(deps.db, tenant, request, { after, ascending, take: limit + 1 })
  const data = rows.slice(0, limit)
  const hasMore = rows.length > limit
  const last = data.at(-1)
  return { data: data.map(transactionJson), hasMore, nextCursor: hasMore && last ? encodeCursor(last) : undefined, totalCount }
}

function assertFilter(filter: TransactionFilter): void {
  if (filter.status !== undefined && !STATUSES.includes(filter.status)) {
    throw invalidInput([{ field: 'status', message: 'not a transaction status', constraint: { enum: STATUSES } }])
  }
  if (filter.type !== undefined && !TYPES.includes(filter.type)) {
    throw invalidInput([{ field: 'type', message: 'not a transaction type', constraint: { enum: TYPES } }])
  }
}
