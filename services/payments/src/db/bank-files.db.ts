import { open, type Db, type Tx } from './client.js'
import { Prisma } from './generated/client.js'

/** A bank-file rail: its files, answers and operator items carry its name. */
export type BankRail = 'ACH' | 'SEPA'

/** The table of each rail's entries: a payout with a row there is in a file. */
const ENTRIES: Record<BankRail, Prisma.Sql> = { ACH: Prisma.raw('"ach_entries"'), SEPA: Prisma.raw('"sepa_entries"') }

/** A payout waiting for its bank file: what the file needs of it besides the bank details. */
export interface BankFileCandidate {
  transactionId: string
  platformId: string
  environment: string
  externalAccountId: string
  /** What the receiver gets, in cents: the entry's amount (fees are legs of their own). */
  amount: bigint
  reference: string
  requestId: string | null
}

type CandidateRow = {
  id: string
  platform_id: string
  environment: string
  account_id: string
  received_amount: bigint
  reference: string
  request_id: string | null
}

const candidateOf = (row: CandidateRow): BankFileCandidate => ({
  transactionId: row.id,
  platformId: row.platform_id,
  environment: row.environment,
  externalAccountId: row.account_id,
  amount: row.received_amount,
  reference: row.reference,
  requestId: row.request_id,
})

/** Up to `limit` payouts of `rail` executed before `createdBefore` and waiting for a file, oldest first (the index on stage answers it). */
export async function findBankFileCandidates(db: Db, rail: BankRail, createdBefore: Date, limit: number): Promise<BankFileCandidate[]> {
  const rows = await open(db).$queryRaw<CandidateRow[]>`
    SELECT t."id", t."platform_id", t."environment", t."destination"->>'accountId' AS "account_id", t."received_amount", t."reference", t."request_id"
      FROM "transactions" t
     WHERE t."stage" = 'WAIT' AND t."outcome" = 'AWAIT_BANK' AND t."payment_rail" = ${rail}
       AND t."created_at" <= ${createdBefore}
       AND NOT EXISTS (SELECT 1 FROM ${ENTRIES[rail]} e WHERE e."transaction_id" = t."id")
     ORDER BY t."created_at" LIMIT ${limit}`
  return rows.map(candidateOf)
}

/**
 * Serializes the file builders of `rail` on every replica (until the transaction ends) and answers
 * which of `transactionIds` may still go into a file: waiting for the bank and in none yet, locked.
 */
export async function lockClaimableBankPayouts(tx: Tx, rail: BankRail, transactionIds: string[]): Promise<Set<string>> {
  await open(tx).$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`payments.${rail.toLowerCase()}_file_build`}))`
  const rows = await open(tx).$queryRaw<Array<{ id: string }>>`
    SELECT t."id" FROM "transactions" t
     WHERE t."id" = ANY(${transactionIds}) AND t."stage" = 'WAIT' AND t."outcome" = 'AWAIT_BANK'
       AND NOT EXISTS (SELECT 1 FROM ${ENTRIES[rail]} e WHERE e."transaction_id" = t."id")
     ORDER BY t."id" FOR UPDATE`
  return new Set(rows.map((row) => row.id))
}

/** Whether a file of this name was processed already by the rail (whatever its content). */
export async function isInboundFileKnown(db: Db, rail: BankRail, name: string): Promise<boolean> {
  return (await open(db).bankInboundFile.count({ where: { rail, name } })) > 0
}

/**
 * Claims an inbound file for the caller's transaction: true when this caller inserted it. Another
 * replica claiming the same file waits for this transaction and then finds it taken, so a file's
 * effects are applied once, together with its claim.
 */
export async function claimInboundFile(tx: Tx, file: { id: string; rail: BankRail; name: string; digest: string; processedAt: Date }): Promise<boolean> {
  const inserted = await open(tx).$executeRaw`
    INSERT INTO "bank_inbound_files" ("id", "rail", "name", "digest", "returns", "notifications", "settled", "unmatched", "processed_at")
    VALUES (${file.id}, ${file.rail}, ${file.name}, ${file.digest}, 0, 0, 0, 0, ${file.processedAt})
    ON CONFLICT ("rail", "name", "digest") DO NOTHING`
  return inserted > 0
}

export interface InboundCounts {
  returns: number
  notifications: number
  settled: number
  unmatched: number
}

export async function countInboundFile(tx: Tx, id: string, counts: InboundCounts): Promise<void> {
  await open(tx).bankInboundFile.update({ where: { id }, data: counts })
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

/**
 * Fails a payout the rail cannot put in a file (its account is gone, or its numbers are not the
 * rail's): still only held, its hold is voided. Answers whether it moved.
 */
export async function rejectBankPayout(db: Db, transactionId: string, failureDetails: Prisma.InputJsonValue, now: Date): Promise<boolean> {
  const { count } = await open(db).transaction.updateMany({
    where: { id: transactionId, stage: 'WAIT', outcome: 'AWAIT_BANK' },
    data: { stage: 'VOID', outcome: 'REJECT_ACCOUNT_INVALID', failureDetails, updatedAt: now },
  })
  return count > 0
}

/** Moves settled bank payouts still waiting on to posting their holds, in the caller's transaction; answers how many moved. */
export async function settleBankPayouts(tx: Tx, transactionIds: string[], now: Date): Promise<number> {
  if (transactionIds.length === 0) return 0
  const { count } = await open(tx).transaction.updateMany({ where: { id: { in: transactionIds }, stage: 'WAIT', outcome: 'AWAIT_BANK' }, data: { stage: 'POST', updatedAt: now } })
  return count
}

export interface NewOperatorItem {
  id: string
  kind: 'UNMATCHED_RETURN' | 'NOTIFICATION_OF_CHANGE' | 'UNMATCHED_NOTIFICATION' | 'UNREADABLE' | 'UNMATCHED_REJECTION' | 'UNMATCHED_DEBIT' | 'BOOKED_CREDIT' | 'UNMATCHED_CREDIT'
  transactionId?: string
  code?: string
  /** What names it at the bank: an ACH trace number, a SEPA end-to-end or message id. */
  reference?: string
  amount?: bigint
  problem: string
  records: string
}

export async function insertOperatorItems(tx: Tx, rail: BankRail, inboundFileId: string, items: NewOperatorItem[], now: Date): Promise<void> {
  if (items.length === 0) return
  await open(tx).bankOperatorItem.createMany({ data: items.map((item) => ({ ...item, rail, inboundFileId, status: 'OPEN', createdAt: now })) })
}

export interface OperatorItemRow {
  id: string
  rail: string
  kind: string
  inboundFileId: string
  transactionId: string | null
  code: string | null
  reference: string | null
  amount: bigint | null
  problem: string
  records: string
  status: string
  resolution: string | null
  createdAt: Date
  resolvedAt: Date | null
}

/** Items in `status` (of one rail, or of all), oldest first. */
export const listOperatorItems = (db: Db, status: 'OPEN' | 'RESOLVED', limit: number, rail?: BankRail): Promise<OperatorItemRow[]> =>
  open(db).bankOperatorItem.findMany({ where: { status, ...(rail && { rail }) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: limit })

/** Marks an open item resolved with the operator's words; answers it, or undefined when none is open by that id. */
export async function resolveOperatorItem(db: Db, id: string, resolution: string, now: Date): Promise<OperatorItemRow | undefined> {
  const { count } = await open(db).bankOperatorItem.updateMany({ where: { id, status: 'OPEN' }, data: { status: 'RESOLVED', resolution, resolvedAt: now } })
  return count > 0 ? ((await open(db).bankOperatorItem.findUnique({ where: { id } })) ?? undefined) : undefined
}
