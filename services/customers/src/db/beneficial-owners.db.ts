import type { BeneficialOwnerRecord, BeneficialOwnerRole, PersonalInfo } from '../domain/beneficial-owners/types.js'
import type { Tenant, VerificationStatus } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { BeneficialOwner as OwnerRow, Prisma } from './generated/client.js'
import type { KeysetPosition } from '@pp/paging'

const toRecord = (row: OwnerRow): BeneficialOwnerRecord => ({
  ...row,
  roles: row.roles as BeneficialOwnerRole[],
  personalInfo: row.personalInfo as PersonalInfo,
})

const toColumns = (record: BeneficialOwnerRecord) => ({
  ...record,
  personalInfo: record.personalInfo as Prisma.InputJsonObject,
})

export async function insertBeneficialOwner(tx: Tx, record: BeneficialOwnerRecord): Promise<void> {
  await open(tx).beneficialOwner.create({ data: toColumns(record) })
}

export async function saveBeneficialOwner(tx: Tx, record: BeneficialOwnerRecord): Promise<void> {
  const { id, ...columns } = toColumns(record)
  await open(tx).beneficialOwner.update({ where: { id }, data: columns })
}

export async function findBeneficialOwner(db: Db | Tx, tenant: Tenant, id: string): Promise<BeneficialOwnerRecord | undefined> {
  const row = await open(db).beneficialOwner.findFirst({ where: { id, ...tenant } })
  return row ? toRecord(row) : undefined
}

/** Reads the owner under a row lock, for a read-modify-write. */
export async function lockBeneficialOwner(tx: Tx, tenant: Tenant, id: string): Promise<BeneficialOwnerRecord | undefined> {
  const locked = await open(tx).$queryRaw<Array<{ id: string }>>`
    SELECT id FROM beneficial_owners
     WHERE id = ${id} AND platform_id = ${tenant.platformId} AND environment = ${tenant.environment}
       FOR UPDATE`
  return locked.length === 0 ? undefined : findBeneficialOwner(tx, tenant, id)
}

/** Every owner of a customer, oldest first (a verification packet is small). */
export async function ownersOfCustomer(db: Db | Tx, customerId: string): Promise<BeneficialOwnerRecord[]> {
  const rows = await open(db).beneficialOwner.findMany({ where: { customerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return rows.map(toRecord)
}

export async function findBeneficialOwnerPage(
  db: Db,
  customerId: string,
  after: KeysetPosition | undefined,
  take: number,
): Promise<BeneficialOwnerRecord[]> {
  const afterPosition = after && {
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  }
  const rows = await open(db).beneficialOwner.findMany({
    where: { customerId, ...afterPosition },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  })
  return rows.map(toRecord)
}

export const countBeneficialOwners = (db: Db, customerId: string): Promise<number> =>
  open(db).beneficialOwner.count({ where: { customerId } })

/** A business's verification decides its owners' KYC as well. */
export async function setOwnersKycStatus(tx: Tx, customerId: string, kycStatus: VerificationStatus, now: Date): Promise<void> {
  await open(tx).beneficialOwner.updateMany({ where: { customerId }, data: { kycStatus, updatedAt: now } })
}
