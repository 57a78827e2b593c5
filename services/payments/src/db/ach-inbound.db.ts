import { open, type Db, type Tx } from './client.js'
import type { Prisma } from './generated/client.js'

/** Whether a file of this name was processed already (whatever its content). */
export async function isInboundFileKnown(db: Db, name: string): Promise<boolean> {
  return (await open(db).achInboundFile.count({ where: { name } })) > 0
}

/**
 * Claims an inbound file for the caller's transaction: true when this caller inserted it. Another
 * replica claiming the same file waits for this transaction and then finds it taken, so a file's
 * effects are applied once, together with its claim.
 */
export async function claimInboundFile(tx: Tx, file: { id: string; name: string; digest: string; processedAt: Date }): Promise<boolean> {
  const inserted = await open(tx).$executeRaw`
    INSERT INTO "ach_inbound_files" ("id", "name", "digest", "returns", "notifications", "unmatched", "processed_at")
    VALUES (${file.id}, ${file.name}, ${file.digest}, 0, 0, 0, ${file.processedAt})
    ON CONFLICT ("name", "digest") DO NOTHING`
  return inserted > 0
}

export async function countInboundFile(tx: Tx, id: string, counts: { returns: number; notifications: number; unmatched: number }): Promise<void> {
  await open(tx).achInboundFile.update({ where: { id }, data: counts })
}

/** The entry a trace number names, locked until the transaction ends. */
export interface LockedAchEntry {
  id: string
  /** Null for a prenote. */
  transactionId: string | null
  externalAccountId: string
  amount: bigint
  status: string
}

export async function lockAchEntryByTrace(tx: Tx, traceNumber: string): Promise<LockedAchEntry | undefined> {
  const [row] = await open(tx).$queryRaw<Array<{ id: string; transaction_id: string | null; external_account_id: string; amount: bigint; status: string }>>`
    SELECT "id", "transaction_id", "external_account_id", "amount", "status" FROM "ach_entries" WHERE "trace_number" = ${traceNumber} FOR UPDATE`
  return row && { id: row.id, transactionId: row.transaction_id, externalAccountId: row.external_account_id, amount: row.amount, status: row.status }
}

export async function markAchEntryReturned(tx: Tx, id: string, returnCode: string, now: Date): Promise<void> {
  await open(tx).achEntry.update({ where: { id }, data: { status: 'RETURNED', returnCode, updatedAt: now } })
}

/**
 * Turns a bank-file payout into a returned one, from the stage it must still be at: WAIT (only
 * held: the hold is voided) or DONE after it COMPLETED (posted: it is refunded with entries of its
 * own). Answers whether it moved.
 */
export async function returnBankPayout(
  tx: Tx,
  transactionId: string,
  from: { stage: 'WAIT' | 'DONE'; status: 'PROCESSING' | 'COMPLETED' },
  failureDetails: Prisma.InputJsonValue,
  now: Date,
): Promise<boolean> {
  const { count } = await open(tx).transaction.updateMany({
    where: { id: transactionId, outcome: 'AWAIT_BANK', ...from },
    data: { stage: from.stage === 'WAIT' ? 'VOID' : 'REFUND', outcome: 'BANK_RETURNED', failureDetails, updatedAt: now },
  })
  return count > 0
}

export interface NewOperatorItem {
  id: string
  kind: 'UNMATCHED_RETURN' | 'NOTIFICATION_OF_CHANGE' | 'UNMATCHED_NOTIFICATION' | 'UNREADABLE'
  transactionId?: string
  code?: string
  traceNumber?: string
  amount?: bigint
  problem: string
  records: string
}

export async function insertOperatorItems(tx: Tx, inboundFileId: string, items: NewOperatorItem[], now: Date): Promise<void> {
  if (items.length === 0) return
  await open(tx).achOperatorItem.createMany({ data: items.map((item) => ({ ...item, inboundFileId, status: 'OPEN', createdAt: now })) })
}

export interface OperatorItemRow {
  id: string
  kind: string
  inboundFileId: string
  transactionId: string | null
  code: string | null
  traceNumber: string | null
  amount: bigint | null
  problem: string
  records: string
  status: string
  resolution: string | null
  createdAt: Date
  resolvedAt: Date | null
}

/** Items in `status`, oldest first. */
export const listOperatorItems = (db: Db, status: 'OPEN' | 'RESOLVED', limit: number): Promise<OperatorItemRow[]> =>
  open(db).achOperatorItem.findMany({ where: { status }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: limit })

/** Marks an open item resolved with the operator's words; answers it, or undefined when none is open by that id. */
export async function resolveOperatorItem(db: Db, id: string, resolution: string, now: Date): Promise<OperatorItemRow | undefined> {
  const { count } = await open(db).achOperatorItem.updateMany({ where: { id, status: 'OPEN' }, data: { status: 'RESOLVED', resolution, resolvedAt: now } })
  return count > 0 ? ((await open(db).achOperatorItem.findUnique({ where: { id } })) ?? undefined) : undefined
}

export const countOpenOperatorItems = (db: Db): Promise<number> => open(db).achOperatorItem.count({ where: { status: 'OPEN' } })
