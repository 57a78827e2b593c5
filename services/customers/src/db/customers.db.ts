import type { CustomerType, Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import { recordToColumns, rowToRecord, type CustomerRecord } from './customer-row.js'

export type { CustomerRecord } from './customer-row.js'

export async function insertCustomer(tx: Tx, record: CustomerRecord): Promise<void> {
  await open(tx).customer.create({ data: recordToColumns(record) })
}

/** Writes every column of `record` over the stored row (the caller holds its lock). */
export async function saveCustomer(tx: Tx, record: CustomerRecord): Promise<void> {
  const { id, ...columns } = recordToColumns(record)
  await open(tx).customer.update({ where: { id }, data: columns })
}

export async function findCustomer(db: Db | Tx, tenant: Tenant, id: string): Promise<CustomerRecord | undefined> {
  const row = await open(db).customer.findFirst({ where: { id, ...tenant } })
  return row ? rowToRecord(row) : undefined
}

/** Reads the tenant's customer under a row lock, so a read-modify-write cannot lose an update. */
export async function lockCustomer(tx: Tx, tenant: Tenant, id: string): Promise<CustomerRecord | undefined> {
  const locked = await open(tx).$queryRaw<Array<{ id: string }>>`
    SELECT id FROM customers
     WHERE id = ${id} AND platform_id = ${tenant.platformId} AND environment = ${tenant.environment}
       FOR UPDATE`
  return locked.length === 0 ? undefined : findCustomer(tx, tenant, id)
}

/**
 * Moves up to `limit` of the tenant's active customers whose UMA address is the system one (the
 * customer's id as the user part, see domain/customers/uma-address.ts) at another domain than
 * `domain` to it, and answers their ids. Addresses a platform gave keep their domain. One statement.
 */
export async function moveSystemUmaAddresses(tx: Tx, tenant: Tenant, domain: string, updatedAt: Date, limit: number): Promise<string[]> {
  const moved = await open(tx).$queryRaw<Array<{ id: string }>>`
    UPDATE customers c SET uma_address = split_part(c.uma_address, '@', 1) || '@' || ${domain}, updated_at = ${updatedAt}
     WHERE c.id IN (
       SELECT id FROM customers
        WHERE platform_id = ${tenant.platformId} AND environment = ${tenant.environment} AND deleted_at IS NULL
          AND split_part(uma_address, '@', 1) = '$' || lower(replace(split_part(id, ':', 2), '-', ''))
          AND split_part(uma_address, '@', 2) <> ${domain}
        ORDER BY id LIMIT ${limit} FOR UPDATE)
    RETURNING c.id`
  return moved.map((row) => row.id)
}

export interface CustomerFilters {
  platformCustomerId?: string
  customerType?: CustomerType
  createdAfter?: Date
  createdBefore?: Date
  updatedAfter?: Date
  updatedBefore?: Date
  region?: string
  currency?: string
  umaAddress?: string
  isIncludingDeleted: boolean
}

