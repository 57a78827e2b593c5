import { settleBankPayouts } from './bank-files.db.js'
import { open, type Db, type Tx } from './client.js'
import { Prisma } from './generated/client.js'

/** `count` fresh trace sequences (7 digits, cycling); a sequence taken and not used leaves a gap, never a repeat. */
export async function nextTraceSequences(db: Db, count: number): Promise<number[]> {
  const rows = await open(db).$queryRaw<Array<{ n: bigint }>>`SELECT nextval('ach_trace_seq') AS "n" FROM generate_series(1, ${count})`
  return rows.map((row) => Number(row.n))
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
  await settleBankPayouts(tx, ids, now)
  return ids
}

/** When the earliest entry still out settles. */
export async function nextAchSettlementAt(db: Db): Promise<Date | undefined> {
  const next = await open(db).achEntry.findFirst({ where: { status: 'SUBMITTED' }, orderBy: { settlesAt: 'asc' }, select: { settlesAt: true } })
  return next?.settlesAt
}
