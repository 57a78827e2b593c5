import { invalidInput } from '@pp/errors'
import { readCustomerPage } from '../../db/customer-reads.db.js'
import type { CustomerFilters } from '../../db/customers.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type CustomerView } from '../types.js'
import { decodeCursor, encodeCursor } from '@pp/db'
import { assertCustomerType } from './profile-rules.js'
import { viewOf } from './view.js'

export const PAGE_LIMIT_DEFAULT = 20
export const PAGE_LIMIT_MAX = 100

export interface ListCustomersInput extends Omit<CustomerFilters, 'customerType'> {
  customerType?: string
  /** 0 means the default. */
  limit: number
  cursor?: string
}

export interface CustomerPage {
  data: CustomerView[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

/** The tenant's customers, newest first, one keyset page at a time; totalCount counts every match. */
export async function listCustomers(deps: CustomersDeps, caller: Caller, input: ListCustomersInput): Promise<CustomerPage> {
  const { limit: requested, cursor, customerType, ...rest } = input
  const limit = pageLimit(requested)
  const after = cursor === undefined ? undefined : decodeCursor(cursor)
  const filters: CustomerFilters = {
    ...rest,
    customerType: customerType === undefined ? undefined : assertCustomerType(customerType),
  }
  const { customers, totalCount } = await readCustomerPage(deps.sql, tenantOf(caller), filters, after, limit + 1)
  const page = customers.slice(0, limit)
  const hasMore = customers.length > limit
  const last = page.at(-1)
  return {
    data: page.map(viewOf),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(last.record) : undefined,
    totalCount,
  }
}

export function pageLimit(requested: number): number {
  if (requested === 0) return PAGE_LIMIT_DEFAULT
  if (Number.isInteger(requested) && requested >= 1 && requested <= PAGE_LIMIT_MAX) return requested
  throw invalidInput([{ field: 'limit', message: `must be between 1 and ${PAGE_LIMIT_MAX}` }])
}
