import { open, type Db, type Tx } from './client.js'
import { Prisma } from './generated/client.js'

/** A payout waiting for its ACH file: what the file needs of it besides the bank details. */
export interface AchCandidate {
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

const candidateOf = (row: CandidateRow): AchCandidate => ({
  transactionId: row.id,
  platformId: row.platform_id,
  environment: row.environment,
  externalAccountId: row.account_id,
  amount: row.received_amount,
  reference: row.reference,
  requestId: row.request_id,
})

/** Up to `limit` ACH payouts executed before `createdBefore` and waiting for a file, oldest first (the index on stage answers it). */
export async function findAchCandidates(db: Db, createdBefore: Date, limit: number): Promise<AchCandidate[]> {
  const rows = await open(db).$queryRaw<CandidateRow[]>`
    SELECT t."id", t."platform_id", t."environment", t."destination"->>'accountId' AS "account_id", t."received_amount", t."reference", t."request_id"
      FROM "transactions" t
     WHERE t."stage" = 'WAIT' AND t."outcome" = 'AWAIT_BANK' AND t."payment_rail" = 'ACH'
       AND t."created_at" <= ${createdBefore}
       AND NOT EXISTS (SELECT 1 FROM "ach_entries" e WHERE e."transaction_id" = t."id")
     ORDER BY t."created_at" LIMIT ${limit}`
  return rows.map(candidateOf)
}

/** `count` fresh trace sequences (7 digits, cycling); a sequence taken and not used leaves a gap, never a repeat. */
export async function nextTraceSequences(db: Db, count: number): Promise<number[]> {
  const rows = await open(db).$queryRaw<Array<{ n: bigint }>>`SELECT nextval('ach_trace_seq') AS "n" FROM generate_series(1, ${count})`
  return rows.map((row) => Number(row.n))
}

/**
 * Serializes the file builders of every replica (until the transaction ends) and answers which of
 * `transactionIds` may still go into a file: waiting for the bank and in none yet, locked.
 */
export async function lockClaimableAchPayouts(tx: Tx, transactionIds: string[]): Promise<Set<string>> {
  await open(tx).$executeRaw`SELECT pg_advisory_xact_lock(hashtext('payments.ach_file_build'))`
  const rows = await open(tx).$queryRaw<Array<{ id: string }>>`
    SELECT t."id" FROM "transactions" t
     WHERE t."id" = ANY(${transactionIds}) AND t."stage" = 'WAIT' AND t."outcome" = 'AWAIT_BANK'
       AND NOT EXISTS (SELECT 1 FROM "ach_entries" e WHERE e."transaction_id" = t."id")
     ORDER BY t."id" FOR UPDATE`
  return new Set(rows.map((row) => row.id))
}

export interface NewAchFile {
  id: string
  name: string
  fileIdModifier: string
  effectiveDate: string
  entryCount: number
  totalCredit: bigint
  digest: string
  /** A balanced file's offset trace numbers by SEC code. */
  offsetTraceNumbers: Record<string, string> | null
  createdAt: Date
}

export type AchEntryKind = 'PAYOUT' | 'PRENOTE'

export interface NewAchEntry {
  id: string
  kind: AchEntryKind
  /** The payout's; null for a prenote. */
  transactionId: string | null
  traceNumber: string
  platformId: string
  environment: string
  externalAccountId: string
  amount: bigint
  receiverReference: string
  secCode: string
  settlesAt: Date
}

/** Records a built file and its entries (status BUILT, SUBMITTED); the unique transaction id keeps a payout in one file. */
export async function insertAchFile(tx: Tx, file: NewAchFile, entries: NewAchEntry[]): Promise<void> {
  await open(tx).achFile.create({ data: { ...file, offsetTraceNumbers: file.offsetTraceNumbers ?? Prisma.DbNull, status: 'BUILT' } })
  await open(tx).achEntry.createMany({
    data: entries.map((entry) => ({ ...entry, fileId: file.id, status: 'SUBMITTED', createdAt: file.createdAt, updatedAt: file.createdAt })),
  })
}

export type AchFileRow = NewAchFile & { status: string; sentAt: Date | null }
export type AchEntryRow = Omit<NewAchEntry, 'kind'> & { kind: string; fileId: string; status: string; returnCode: string | null }

/** Files built and not sent yet (a crash came between), oldest first. */
export async function findUnsentAchFiles(db: Db): Promise<AchFileRow[]> {
  const files = await open(db).achFile.findMany({ where: { status: 'BUILT' }, orderBy: { createdAt: 'asc' } })
  return files.map((file) => ({ ...file, offsetTraceNumbers: file.offsetTraceNumbers as Record<string, string> | null }))
}

/** How many files were built since `since` (the file id modifier tells a day's files apart). */
export const countAchFilesSince = (tx: Tx, since: Date): Promise<number> => open(tx).achFile.count({ where: { createdAt: { gte: since } } })

export const findAchEntriesOfFile = (db: Db, fileId: string): Promise<AchEntryRow[]> =>
  open(db).achEntry.findMany({ where: { fileId }, orderBy: { traceNumber: 'asc' } })

export async function markAchFileSent(db: Db, id: string, at: Date): Promise<void> {
  await open(db).achFile.updateMany({ where: { id, status: 'BUILT' }, data: { status: 'SENT', sentAt: at } })
}

/**
 * Settles the entries due by `now` that no return reached (SKIP LOCKED: replicas take different
 * ones) and moves their payouts from waiting to posting, in the caller's transaction. Answers the
 * transactions to drive.
 */
export async function settleDueAchEntries(tx: Tx, now: Date, batch: number): Promise<string[]> {
  const settled = await open(tx).$queryRaw<Array<{ transaction_id: string }>>`
    UPDATE "ach_entries" SET "status" = 'SETTLED', "updated_at" = ${now}
     WHERE "id" IN (SELECT "id" FROM "ach_entries" WHERE "kind" = 'PAYOUT' AND "status" = 'SUBMITTED' AND "settles_at" <= ${now}
                     ORDER BY "settles_at" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
    RETURNING "transaction_id"`
  const ids = settled.map((row) => row.transaction_id)
  if (ids.length > 0) {
    await open(tx).transaction.updateMany({ where: { id: { in: ids }, stage: 'WAIT', outcome: 'AWAIT_BANK' }, data: { stage: 'POST', updatedAt: now } })
  }
  return ids
}

/** When the earliest entry still out settles. */
export async function nextAchSettlementAt(db: Db): Promise<Date | undefined> {
  const next = await open(db).achEntry.findFirst({ where: { status: 'SUBMITTED' }, orderBy: { settlesAt: 'asc' }, select: { settlesAt: true } })
  return next?.settlesAt
}

/**
 * Fails a payout the rail cannot put in a file (its account is gone, or its numbers are not an
 * ACH account's): still only held, its hold is voided. Answers whether it moved.
 */
export async function rejectBankPayout(db: Db, transactionId: string, failureDetails: Prisma.InputJsonValue, now: Date): Promise<boolean> {
  const { count } = await open(db).transaction.updateMany({
    where: { id: transactionId, stage: 'WAIT', outcome: 'AWAIT_BANK' },
    data: { stage: 'VOID', outcome: 'REJECT_ACCOUNT_INVALID', failureDetails, updatedAt: now },
  })
  return count > 0
}
