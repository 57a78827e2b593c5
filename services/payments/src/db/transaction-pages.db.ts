import type { KeysetPosition } from '@pp/paging'
import { tenantOf } from '@pp/tenancy'
import type { Tenant } from '../domain/types.js'
import { open, type Db } from './client.js'
import type { Prisma } from './generated/client.js'
import type { TransactionRow } from '../domain/transactions/types.js'

/** What a listed transaction must match: every filter given. */
export interface TransactionFilter {
  customerId?: string
  platformCustomerId?: string
  /** The sender or the receiver account. */
  accountIdentifier?: string
  senderAccountIdentifier?: string
  receiverAccountIdentifier?: string
  status?: string
  type?: string
  reference?: string
  /** Inclusive bounds on the creation time. */
  startDate?: Date
  endDate?: Date
}

export interface PageRequest {
  /** The position of the previous page's last row. */
  after?: KeysetPosition
  ascending: boolean
  take: number
}

/** One keyset page of the tenant's transactions that match the filter, ordered by creation, and how many match. */
export async function findTransactionPage(
  db: Db,
  tenant: Tenant,
  filter: TransactionFilter,
  { after, ascending, take }: PageRequest,
): Promise<{ rows: TransactionRow[]; totalCount: number }> {
  const where = whereOf(tenant, filter)
  const direction = ascending ? 'gt' : 'lt'
  const page: Prisma.TransactionWhereInput = after
    ? { AND: [where, { OR: [{ createdAt: { [direction]: after.createdAt } }, { createdAt: after.createdAt, id: { [direction]: after.id } }] }] }
    : where
  const order = ascending ? 'asc' : 'desc'
  const [rows, totalCount] = await Promise.all([
    open(db).transaction.findMany({ where: page, orderBy: [{ createdAt: order }, { id: order }], take }),
    open(db).transaction.count({ where }),
  ])
  return { rows, totalCount }
}

function whereOf(tenant: Tenant, filter: TransactionFilter): Prisma.TransactionWhereInput {
  const createdAt: Prisma.DateTimeFilter = {}
  if (filter.startDate) createdAt.gte = filter.startDate
  if (filter.endDate) createdAt.lte = filter.endDate
  const and: Prisma.TransactionWhereInput[] = [{ ...tenantOf(tenant) }]
  if (filter.customerId) and.push({ customerId: filter.customerId })
  if (filter.platformCustomerId) and.push({ platformCustomerId: filter.platformCustomerId })
  if (filter.status) and.push({ status: filter.status })
  if (filter.type) and.push({ type: filter.type })
  if (filter.reference) and.push({ reference: filter.reference })
  if (filter.senderAccountIdentifier) and.push({ senderIdentifier: filter.senderAccountIdentifier })
  if (filter.receiverAccountIdentifier) and.push({ receiverIdentifier: filter.receiverAccountIdentifier })
  if (filter.accountIdentifier) {
    and.push({ OR: [{ senderIdentifier: filter.accountIdentifier }, { receiverIdentifier: filter.accountIdentifier }] })
  }
  if (filter.startDate || filter.endDate) and.push({ createdAt })
  return { AND: and }
}
