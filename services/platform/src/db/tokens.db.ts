import type { TokenRow } from '../domain/tokens/types.js'
import { open, type PlatformDb, type Tx } from './client.js'
import type { Environment, Permission, Prisma } from './generated/client.js'

interface TenantKey {
  platformId: string
  environment: Environment
}

export interface NewTokenRow extends TenantKey {
  id: string
  name: string
  permissions: Permission[]
  clientId: string
  secretHash: string
  createdAt: Date
}

export interface TokenFilter {
  name?: string
  createdAfter?: Date
  createdBefore?: Date
  updatedAfter?: Date
  updatedBefore?: Date
}

/** The sort key of the newest-first token list; a page starts strictly after it. */
export interface TokenKey {
  createdAt: Date
  id: string
}

export const insertToken = (tx: Tx, row: NewTokenRow): Promise<TokenRow> =>
  open(tx).apiToken.create({ data: { ...row, updatedAt: row.createdAt } })

/** How HTTP Basic credentials name a token: by its id or by its client id. */
export type TokenLookup = { id: string } | { clientId: string }

/** Deleted tokens included: authentication tells a deleted token from an unknown one. */
export const findTokenForAuthentication = (db: PlatformDb, lookup: TokenLookup): Promise<TokenRow | null> =>
  open(db).apiToken.findUnique({ where: lookup })

export const findActiveToken = (db: PlatformDb, tenant: TenantKey, id: string): Promise<TokenRow | null> =>
  open(db).apiToken.findFirst({ where: { id, ...tenant, deletedAt: null } })

export async function listActiveTokens(
  db: PlatformDb,
  tenant: TenantKey,
  filter: TokenFilter,
  after: TokenKey | undefined,
  take: number,
): Promise<{ rows: TokenRow[]; totalCount: number }> {
  const where: Prisma.ApiTokenWhereInput = {
    ...tenant,
    deletedAt: null,
    name: filter.name,
    createdAt: { gte: filter.createdAfter, lte: filter.createdBefore },
    updatedAt: { gte: filter.updatedAfter, lte: filter.updatedBefore },
  }
  const page: Prisma.ApiTokenWhereInput = after
    ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
    : {}
  const client = open(db)
  const [rows, totalCount] = await client.$transaction([
    client.apiToken.findMany({ where: { AND: [where, page] }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
    client.apiToken.count({ where }),
  ])
  return { rows, totalCount }
}

/** Marks the token deleted and returns it; undefined when this tenant has no such live token. */
export async function softDeleteToken(tx: Tx, tenant: TenantKey, id: string, now: Date): Promise<TokenRow | undefined> {
  const { count } = await open(tx).apiToken.updateMany({
    where: { id, ...tenant, deletedAt: null },
    data: { deletedAt: now, updatedAt: now },
  })
  return count === 0 ? undefined : ((await open(tx).apiToken.findUnique({ where: { id } })) ?? undefined)
}
