import type { Tenant } from '../domain/types.js'
import type { VerificationErrorView, VerificationOutcome, VerificationSource } from '../domain/verifications/types.js'
import type { Db, Tx } from './client.js'
import type { Prisma, Verification } from './generated/client.js'

export type VerificationRow = Verification

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
  return tx.verification.create({
    data: { ...rest, ...tenant, errors: errors as unknown as Prisma.InputJsonArray, createdAt, updatedAt: createdAt },
  })
}

export async function findVerification(db: Db, tenant: Tenant, id: string): Promise<VerificationRow | undefined> {
  return (await db.verification.findFirst({ where: { id, ...tenant } })) ?? undefined
}
