import type { Tenant } from '../domain/types.js'
import type { KeysetPosition } from '@pp/paging'
import type { VerificationErrorView, VerificationOutcome, VerificationRow, VerificationSource } from '../domain/verifications/types.js'
import { open, type Db, type Tx } from './client.js'
import type { Prisma } from './generated/client.js'

export interface VerificationRecord {
  id: string
  tenant: Tenant
  customerId: string
  verificationStatus: VerificationOutcome
  errors: VerificationErrorView[]
  source: VerificationSource
  createdAt: Date
}

export async function insertVerification(tx: Tx, record: VerificationRecord): Promise<VerificationRow> {
  const { tenant, createdAt, errors, ...rest } = record
  return open(tx).verification.create({
    data: { ...rest, ...tenant, errors: errors as unknown as Prisma.InputJsonArray, createdAt, updatedAt: createdAt },
  })
}

export async function findVerification(db: Db, tenant: Tenant, id: string): Promise<VerificationRow | undefined> {
  return (await open(db).verification.findFirst({ where: { id, ...tenant } })) ?? undefined
}

export interface VerificationFilters {
  customerId?: string
  verificationStatus?: VerificationOutcome
}

/** One keyset page of the tenant's verifications, newest first, and how many match in all. */
export async function findVerificationPage(
  db: Db,
  tenant: Tenant,
  filters: VerificationFilters,
  after: KeysetPosition | undefined,
  take: number,
): Promise<{ rows: VerificationRow[]; totalCount: number }> {
  const where = { ...tenant, ...filters }
  const afterPosition = after && {
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  }
  const [rows, totalCount] = await Promise.all([
    open(db).verification.findMany({ where: { ...where, ...afterPosition }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
    open(db).verification.count({ where }),
  ])
  return { rows, totalCount }
}

/** A reviewed verification's decision: its status and, for a rejection, the reason it gives. */
export async function saveVerificationOutcome(
  tx: Tx,
  id: string,
  outcome: { verificationStatus: VerificationOutcome; errors: VerificationErrorView[]; updatedAt: Date },
): Promise<VerificationRow> {
  const { verificationStatus, errors, updatedAt } = outcome
  return open(tx).verification.update({ where: { id }, data: { verificationStatus, errors: errors as unknown as Prisma.InputJsonArray, updatedAt } })
}
