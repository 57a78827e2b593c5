import { open, type Tx } from './client.js'

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
