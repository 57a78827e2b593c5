import { readCustomerPage } from '../../db/customer-reads.db.js'
import type { CustomerFilters } from '../../db/customers.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type CustomerView } from '../types.js'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { assertCustomerType } from './profile-rules.js'
import { viewOf } from './view.js'

export interface ListCustomersInput extends Omit<CustomerFilters, 'customerType'> {
  customerType?: string
  /** 0 means the default. */
  limit: number
  cursor?: string
}

export type CustomerPage = Page<CustomerView>

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
  return keysetPage(customers, limit, totalCount, viewOf, (customer) => customer.record)
}
