import type { Tenant } from '../domain/types.js'
import type { VerificationErrorView, VerificationOutcome, VerificationSource, VerificationView } from '../domain/verifications/types.js'
import type { Db, Tx } from './client.js'
import type { Prisma, Verification as VerificationRow } from './generated/client.js'

export interface VerificationRecord {
  id: string
  tenant: Tenant
  customerId: string
  verificationStatus: VerificationOutcome
  errors: VerificationErrorView[]
  source: VerificationSource
  createdAt: Date
}

const toView = (row: VerificationRow): VerificationView => ({
  id: row.id,
  customerId: row.customerId,
  verificationStatus: row.verificationStatus as VerificationOutcome,
  errors: row.errors as unknown as VerificationErrorView[],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export async function insertVerification(tx: Tx, record: VerificationRecord): Promise<VerificationView> {
  const { tenant, createdAt, errors, ...rest } = record
  const row = await tx.verification.create({
    data: { ...rest, ...tenant, errors: errors as unknown as Prisma.InputJsonArray, createdAt, updatedAt: createdAt },
  })
  return toView(row)
}

export async function findVerification(db: Db, tenant: Tenant, id: string): Promise<VerificationView | undefined> {
  const row = await db.verification.findFirst({ where: { id, ...tenant } })
  return row ? toView(row) : undefined
}
