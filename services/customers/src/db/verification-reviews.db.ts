import type { ReviewDecision, ReviewFilters, ReviewRecord, ReviewStatus } from '../domain/reviews/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { Prisma } from './generated/client.js'

type ReviewRow = Prisma.VerificationReviewGetPayload<object>

const toRecord = (row: ReviewRow): ReviewRecord => ({
  verificationId: row.verificationId,
  tenant: { platformId: row.platformId, environment: row.environment as Tenant['environment'] },
  customerId: row.customerId,
  status: row.status as ReviewStatus,
  ...(row.reason !== null && { reason: row.reason }),
  ...(row.decidedBy !== null && { decidedBy: row.decidedBy }),
  ...(row.decidedAt !== null && { decidedAt: row.decidedAt }),
  createdAt: row.createdAt,
})

export interface NewReview {
  verificationId: string
  tenant: Tenant
  customerId: string
  createdAt: Date
}

export async function insertReview(tx: Tx, { verificationId, tenant, customerId, createdAt }: NewReview): Promise<void> {
  await open(tx).verificationReview.create({ data: { verificationId, ...tenant, customerId, status: 'PENDING', createdAt } })
}

export async function findReview(db: Db | Tx, verificationId: string): Promise<ReviewRecord | undefined> {
  const row = await open(db).verificationReview.findUnique({ where: { verificationId } })
  return row ? toRecord(row) : undefined
}

/** The review under a row lock: two decisions on one verification are taken one after the other. */
export async function lockReview(tx: Tx, verificationId: string): Promise<ReviewRecord | undefined> {
  const locked = await open(tx).$queryRaw<Array<{ verification_id: string }>>`
    SELECT verification_id FROM verification_reviews WHERE verification_id = ${verificationId} FOR UPDATE`
  return locked.length === 0 ? undefined : findReview(tx, verificationId)
}

export async function saveReviewDecision(
  tx: Tx,
  verificationId: string,
  decision: { status: ReviewDecision; reason?: string; decidedBy: string; decidedAt: Date },
): Promise<ReviewRecord> {
  const { status, reason, decidedBy, decidedAt } = decision
  return toRecord(await open(tx).verificationReview.update({ where: { verificationId }, data: { status, reason: reason ?? null, decidedBy, decidedAt } }))
}

/** Reviews matching the filters, oldest first (the queue's order). */
export async function findReviews(db: Db, filters: ReviewFilters, take: number): Promise<ReviewRecord[]> {
  const rows = await open(db).verificationReview.findMany({ where: filters, orderBy: [{ createdAt: 'asc' }, { verificationId: 'asc' }], take })
  return rows.map(toRecord)
}

/** Records a vendor's event as applied; false when it was already (a redelivery). */
export async function claimVendorEvent(tx: Tx, event: { vendor: string; eventId: string; verificationId: string; receivedAt: Date }): Promise<boolean> {
  const inserted = await open(tx).$executeRaw`
    INSERT INTO kyc_vendor_events (vendor, event_id, verification_id, received_at)
    VALUES (${event.vendor}, ${event.eventId}, ${event.verificationId}, ${event.receivedAt})
    ON CONFLICT DO NOTHING`
  return inserted === 1
}
