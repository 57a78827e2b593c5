import { prepared, type SqlRunner } from '@pp/db'
import type { Tenant } from '../domain/types.js'
import type { KeysetPosition } from '@pp/paging'
import type { CustomerFilters } from './customers.db.js'
import { CUSTOMER_COLUMNS, FACTS_COLUMNS, factsOf, toCustomerWithFacts, type CustomerWithFacts, type CustomerWithFactsRow, type FactsRow } from './customer-with-facts.js'

// The hot reads of customers: each answers in one prepared statement, the view's facts included.

const FIND_CUSTOMER = prepared(
  'customers.find_with_facts',
  `SELECT ${CUSTOMER_COLUMNS}, ${FACTS_COLUMNS}
     FROM customers c
    WHERE c.id = $1 AND c.platform_id = $2 AND c.environment = $3`,
)

/** The tenant's customer, deleted or not; another tenant's does not exist. */
export async function readCustomer(sql: SqlRunner, tenant: Tenant, id: string): Promise<CustomerWithFacts | undefined> {
  const [row] = await sql.query<CustomerWithFactsRow>(FIND_CUSTOMER, [id, tenant.platformId, tenant.environment])
  return row && toCustomerWithFacts(row)
}

const FIND_FACTS = prepared('customers.find_facts', `SELECT ${FACTS_COLUMNS} FROM customers c WHERE c.id = $1`)

/**
 * The view's facts of a customer the caller has read already, with the same rule as the reads
 * above; a write runs it through `sqlOf` inside its own transaction, so it sees what it wrote.
 */
export async function readCustomerFacts(runner: SqlRunner, customerId: string): Promise<Omit<CustomerWithFacts, 'record'>> {
  const [row] = await runner.query<FactsRow>(FIND_FACTS, [customerId])
  return factsOf(row!)
}

/** The filters of a list, each ignored when its parameter is null ($1..$12, see `filterValues`). */
const MATCHES = `
  c.platform_id = $1 AND c.environment = $2
  AND ($3::text IS NULL OR c.platform_customer_id = $3)
  AND ($4::customer_type IS NULL OR c.customer_type = $4)
  AND ($5::timestamptz IS NULL OR c.created_at >= $5) AND ($6::timestamptz IS NULL OR c.created_at <= $6)
  AND ($7::timestamptz IS NULL OR c.updated_at >= $7) AND ($8::timestamptz IS NULL OR c.updated_at <= $8)
  AND ($9::text IS NULL OR c.region = $9)
  AND ($10::text IS NULL OR $10 = ANY (c.currencies))
  AND ($11::text IS NULL OR c.uma_address = $11)
  AND ($12::boolean OR c.deleted_at IS NULL)`

/**
 * A page and the count of every match in one statement. The keyset bound ($13, $14) is always
 * given (the first page starts after +infinity), so that a cached generic plan still seeks the
 * tenant's index instead of scanning it from the top.
 */
const FIND_PAGE = prepared(
  'customers.find_page_with_facts',
  `SELECT total.count AS "totalCount", c.*, ${FACTS_COLUMNS}
     FROM (SELECT count(*) FROM customers c WHERE ${MATCHES}) total
     LEFT JOIN LATERAL (
       SELECT ${CUSTOMER_COLUMNS}
         FROM customers c
        WHERE ${MATCHES} AND (c.created_at, c.id) < ($13, $14)
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT $15) c ON true
    ORDER BY c."createdAt" DESC, c.id DESC`,
)

export interface CustomerPageRead {
  customers: CustomerWithFacts[]
  totalCount: number
}

export async function readCustomerPage(
  sql: SqlRunner,
  tenant: Tenant,
  filters: CustomerFilters,
  after: KeysetPosition | undefined,
  take: number,
): Promise<CustomerPageRead> {
  const rows = await sql.query<CustomerWithFactsRow & { totalCount: bigint }>(FIND_PAGE, [
    ...filterValues(tenant, filters),
    after?.createdAt ?? 'infinity',
    after?.id ?? '',
    take,
  ])
  return {
    // an empty page is the count's row alone, its customer columns null
    customers: rows.filter((row) => row.id !== null).map(toCustomerWithFacts),
    totalCount: Number(rows[0]!.totalCount),
  }
}

function filterValues(tenant: Tenant, filters: CustomerFilters): unknown[] {
  return [
    tenant.platformId,
    tenant.environment,
    filters.platformCustomerId,
    filters.customerType,
    filters.createdAfter,
    filters.createdBefore,
    filters.updatedAfter,
    filters.updatedBefore,
    filters.region,
    filters.currency,
    filters.umaAddress,
    filters.isIncludingDeleted,
  ].map((value) => value ?? null)
}
