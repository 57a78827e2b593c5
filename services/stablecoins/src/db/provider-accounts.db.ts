import type { KeysetPosition } from '@pp/paging'
import type { ProviderAccountRecord, Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { ProviderAccount } from './generated/client.js'

/** The row filter of a tenant: whatever else the value carries (a caller, a job) stays out. */
export const scopeOf = ({ platformId, environment }: Tenant) => ({ platformId, environment })

const toRecord = (row: ProviderAccount): ProviderAccountRecord => ({ ...row, environment: row.environment as Tenant['environment'] })

export async function insertProviderAccount(tx: Tx, record: ProviderAccountRecord): Promise<void> {
  await open(tx).providerAccount.create({ data: record })
}

export async function findProviderAccount(db: Db | Tx, tenant: Tenant, id: string): Promise<ProviderAccountRecord | undefined> {
  const row = await open(db).providerAccount.findFirst({ where: { id, ...scopeOf(tenant) } })
  return row ? toRecord(row) : undefined
}

/** Up to two ACTIVE links of the provider: enough to tell none, one and several apart. */
export async function findActiveProviderAccounts(db: Db, tenant: Tenant, provider: string): Promise<ProviderAccountRecord[]> {
  const rows = await open(db).providerAccount.findMany({ where: { ...scopeOf(tenant), provider, status: 'ACTIVE' }, orderBy: { createdAt: 'asc' }, take: 2 })
  return rows.map(toRecord)
}

export interface ProviderAccountFilters {
  provider?: string
  status?: string
}

export async function findProviderAccountPage(
  db: Db, tenant: Tenant, filters: ProviderAccountFilters, after: KeysetPosition | undefined, take: number,
): Promise<{ rows: ProviderAccountRecord[]; totalCount: number }> {
  const where = { ...scopeOf(tenant), ...filters }
  const [rows, totalCount] = await Promise.all([
    open(db).providerAccount.findMany({ where: { ...where, ...keysetAfter(after) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
    open(db).providerAccount.count({ where }),
  ])
  return { rows: rows.map(toRecord), totalCount }
}

/** Rows strictly after `after` in (createdAt, id) descending order. */
export const keysetAfter = (after: KeysetPosition | undefined) =>
  after === undefined ? {} : { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
