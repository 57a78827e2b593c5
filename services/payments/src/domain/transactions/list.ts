import { decodeCursor, encodeCursor } from '@pp/db'
import { invalidInput } from '@pp/errors'
import type { ListTransactionsRequest } from '@pp/proto/payments/v1/payments'
import type { Prisma, Transaction } from '../../db/generated/client.js'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Tenant } from '../types.js'

const LIMIT_DEFAULT = 20
const LIMIT_MAX = 100
const STATUSES = ['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED']
const TYPES = ['INCOMING', 'OUTGOING']

export interface TransactionPage {
  data: Transaction[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

/** One keyset page of the tenant's transactions; every filter given must match. */
export async function listTransactions(deps: Pick<PaymentsDeps, 'db'>, tenant: Tenant, request: ListTransactionsRequest): Promise<TransactionPage> {
  const limit = request.limit === 0 ? LIMIT_DEFAULT : request.limit
  if (limit < 1 || limit > LIMIT_MAX) throw invalidInput([{ field: 'limit', message: `must be between 1 and ${LIMIT_MAX}` }])
  const ascending = request.sortOrder === 'asc'
  if (request.sortOrder !== undefined && request.sortOrder !== 'asc' && request.sortOrder !== 'desc') {
    throw invalidInput([{ field: 'sortOrder', message: 'must be asc or desc', constraint: { enum: ['asc', 'desc'] } }])
  }
  const where = filtersOf(tenant, request)
  const after = request.cursor ? decodeCursor(request.cursor) : undefined
  const direction = ascending ? 'gt' : 'lt'
  const page: Prisma.TransactionWhereInput = after
    ? { AND: [where, { OR: [{ createdAt: { [direction]: after.createdAt } }, { createdAt: after.createdAt, id: { [direction]: after.id } }] }] }
    : where
  const order = ascending ? 'asc' : 'desc'
  const [rows, totalCount] = await Promise.all([
    deps.db.transaction.findMany({ where: page, orderBy: [{ createdAt: order }, { id: order }], take: limit + 1 }),
    deps.db.transaction.count({ where }),
  ])
  const data = rows.slice(0, limit)
  const hasMore = rows.length > limit
  const last = data.at(-1)
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : undefined, totalCount }
}

function filtersOf(tenant: Tenant, request: ListTransactionsRequest): Prisma.TransactionWhereInput {
  if (request.status !== undefined && !STATUSES.includes(request.status)) {
    throw invalidInput([{ field: 'status', message: 'not a transaction status', constraint: { enum: STATUSES } }])
  }
  if (request.type !== undefined && !TYPES.includes(request.type)) {
    throw invalidInput([{ field: 'type', message: 'not a transaction type', constraint: { enum: TYPES } }])
  }
  const createdAt: Prisma.DateTimeFilter = {}
  if (request.startDate) createdAt.gte = request.startDate
  if (request.endDate) createdAt.lte = request.endDate
  const and: Prisma.TransactionWhereInput[] = [{ ...tenantOf(tenant) }]
  if (request.customerId) and.push({ customerId: request.customerId })
  if (request.platformCustomerId) and.push({ platformCustomerId: request.platformCustomerId })
  if (request.status) and.push({ status: request.status })
  if (request.type) and.push({ type: request.type })
  if (request.reference) and.push({ reference: request.reference })
  if (request.senderAccountIdentifier) and.push({ senderIdentifier: request.senderAccountIdentifier })
  if (request.receiverAccountIdentifier) and.push({ receiverIdentifier: request.receiverAccountIdentifier })
  if (request.accountIdentifier) {
    and.push({ OR: [{ senderIdentifier: request.accountIdentifier }, { receiverIdentifier: request.accountIdentifier }] })
  }
  if (request.startDate || request.endDate) and.push({ createdAt })
  return { AND: and }
}
