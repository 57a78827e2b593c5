import type { KeysetPosition } from '@pp/paging'
import type { StablecoinRecord, Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { Stablecoin } from './generated/client.js'
import { keysetAfter, scopeOf } from './provider-accounts.db.js'

const toRecord = (row: Stablecoin): StablecoinRecord => ({ ...row, environment: row.environment as Tenant['environment'] })

export async function insertStablecoin(tx: Tx, record: StablecoinRecord): Promise<void> {
  await open(tx).stablecoin.create({ data: record })
}

export async function findStablecoin(db: Db | Tx, tenant: Tenant, id: string): Promise<StablecoinRecord | undefined> {
  const row = await open(db).stablecoin.findFirst({ where: { id, ...scopeOf(tenant) } })
  return row ? toRecord(row) : undefined
}

/** A stablecoin of any tenant: the operator's calls name one by id alone. */
export async function findStablecoinById(db: Db | Tx, id: string): Promise<StablecoinRecord | undefined> {
  const row = await open(db).stablecoin.findUnique({ where: { id } })
  return row ? toRecord(row) : undefined
}

/** The tenant's stablecoin that already has this symbol or one of these token identifiers. */
export async function findClashingStablecoin(
  db: Db, tenant: Tenant, clash: { symbol: string; providerTokenIdentifier: string; networkTokenIdentifier: string },
): Promise<StablecoinRecord | undefined> {
  const row = await open(db).stablecoin.findFirst({
    where: {
      ...scopeOf(tenant),
      OR: [{ symbol: clash.symbol }, { providerTokenIdentifier: clash.providerTokenIdentifier }, { networkTokenIdentifier: clash.networkTokenIdentifier }],
    },
  })
  return row ? toRecord(row) : undefined
}

/** Moves the operations status, only from one of `from`; answers the row as it is now, or undefined when it was in another status. */
export async function updateOperationsStatus(
  tx: Tx, id: string, from: readonly string[], to: string, at: Date,
): Promise<StablecoinRecord | undefined> {
  const { count } = await open(tx).stablecoin.updateMany({ where: { id, operationsStatus: { in: [...from] } }, data: { operationsStatus: to, updatedAt: at } })
  if (count === 0) return undefined
  return toRecord(await open(tx).stablecoin.findUniqueOrThrow({ where: { id } }))
}

export interface StablecoinFilters {
  issuanceStatus?: string
  operationsStatus?: string
  provider?: string
}

export async function findStablecoinPage(
  db: Db, tenant: Tenant, filters: StablecoinFilters, after: KeysetPosition | undefined, take: number,
): Promise<{ rows: StablecoinRecord[]; totalCount: number }> {
  const where = { ...scopeOf(tenant), ...filters }
  const [rows, totalCount] = await Promise.all([
    open(db).stablecoin.findMany({ where: { ...where, ...keysetAfter(after) }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
    open(db).stablecoin.count({ where }),
  ])
  return { rows: rows.map(toRecord), totalCount }
}
