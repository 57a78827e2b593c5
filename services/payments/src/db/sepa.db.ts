import { open, type Db, type Tx } from './client.js'

export interface NewSepaFile {
  id: string
  name: string
  messageId: string
  executionDate: string
  entryCount: number
  totalCents: bigint
  digest: string
  createdAt: Date
}

export interface NewSepaEntry {
  id: string
  transactionId: string
  endToEndId: string
  paymentInformationId: string
  platformId: string
  environment: string
  externalAccountId: string
  amount: bigint
  remittance: string
}

/** Records a built file and its credit transfers (status BUILT, SUBMITTED); the unique transaction id keeps a payout in one file. */
export async function insertSepaFile(tx: Tx, file: NewSepaFile, entries: NewSepaEntry[]): Promise<void> {
  await open(tx).sepaFile.create({ data: { ...file, status: 'BUILT' } })
  await open(tx).sepaEntry.createMany({
    data: entries.map((entry) => ({ ...entry, fileId: file.id, status: 'SUBMITTED', createdAt: file.createdAt, updatedAt: file.createdAt })),
  })
}

export type SepaFileRow = NewSepaFile & { status: string; sentAt: Date | null }

/** Files built and not sent yet (a crash came between), oldest first. */
export const findUnsentSepaFiles = (db: Db): Promise<SepaFileRow[]> => open(db).sepaFile.findMany({ where: { status: 'BUILT' }, orderBy: { createdAt: 'asc' } })

export const findSepaEntriesOfFile = (db: Db, fileId: string): Promise<NewSepaEntry[]> =>
  open(db).sepaEntry.findMany({ where: { fileId }, orderBy: { endToEndId: 'asc' } })

export async function markSepaFileSent(db: Db, id: string, at: Date): Promise<void> {
  await open(db).sepaFile.updateMany({ where: { id, status: 'BUILT' }, data: { status: 'SENT', sentAt: at } })
}

/** A credit transfer an answer of the bank names, locked until the transaction ends. */
export interface LockedSepaEntry {
  id: string
  transactionId: string
  endToEndId: string
  amount: bigint
  status: string
  messageId: string
}

type EntryRow = { id: string; transaction_id: string; end_to_end_id: string; amount: bigint; status: string; message_id: string }
const lockedOf = (row: EntryRow): LockedSepaEntry => ({
  id: row.id,
  transactionId: row.transaction_id,
  endToEndId: row.end_to_end_id,
  amount: row.amount,
  status: row.status,
  messageId: row.message_id,
})

/** The entry an end-to-end id names. */
export async function lockSepaEntry(tx: Tx, endToEndId: string): Promise<LockedSepaEntry | undefined> {
  const [row] = await open(tx).$queryRaw<EntryRow[]>`
    SELECT e."id", e."transaction_id", e."end_to_end_id", e."amount", e."status", f."message_id"
      FROM "sepa_entries" e JOIN "sepa_files" f ON f."id" = e."file_id"
     WHERE e."end_to_end_id" = ${endToEndId} FOR UPDATE OF e`
  return row && lockedOf(row)
}

/** The entries of a message (file), or of one payment information block of it, in a fixed order. */
export async function lockSepaEntriesOf(tx: Tx, messageId: string, paymentInformationId?: string): Promise<LockedSepaEntry[]> {
  const rows = await open(tx).$queryRaw<EntryRow[]>`
    SELECT e."id", e."transaction_id", e."end_to_end_id", e."amount", e."status", f."message_id"
      FROM "sepa_entries" e JOIN "sepa_files" f ON f."id" = e."file_id"
     WHERE f."message_id" = ${messageId} AND (${paymentInformationId ?? null}::text IS NULL OR e."payment_information_id" = ${paymentInformationId ?? null})
     ORDER BY e."id" FOR UPDATE OF e`
  return rows.map(lockedOf)
}

export async function markSepaEntry(tx: Tx, id: string, status: 'SETTLED' | 'REJECTED' | 'RETURNED', reasonCode: string | null, now: Date): Promise<void> {
  await open(tx).sepaEntry.update({ where: { id }, data: { status, reasonCode, updatedAt: now } })
}
