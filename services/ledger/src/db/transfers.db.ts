import { entriesOf, legsOf } from '../domain/transfers/rules.js'
import type { RecordedTransfer, TransferKind } from '../domain/transfers/types.js'
import type { Tenant } from '../domain/types.js'
import type { Db, Tx } from './client.js'

export interface StoredTransfer extends RecordedTransfer {
  fingerprint: string
}

/** A transfer with its legs; a void has no entries of its own and shows the legs it released. */
export async function findTransfer(db: Db | Tx, tenant: Tenant, id: string): Promise<StoredTransfer | undefined> {
  const row = await db.ledgerTransfer.findUnique({
    where: { platformId_environment_id: { ...tenant, id } },
    include: { entries: { orderBy: { id: 'asc' } } },
  })
  if (!row) return undefined
  const legs = row.kind === 'VOID_PENDING' && row.pendingId ? ((await findTransfer(db, tenant, row.pendingId))?.legs ?? []) : legsOf(row.entries)
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    pendingId: row.pendingId ?? undefined,
    legs,
    createdAt: row.createdAt,
    fingerprint: row.fingerprint,
  }
}

/**
 * The transfer and the entries of `entryLegs` (none for a void), answering the currencies in
 * which the entries do not sum to zero (always none; the caller refuses to commit otherwise).
 * Two statements, since they run while the transfer's accounts are locked.
 */
export async function insertTransfer(
  tx: Tx,
  tenant: Tenant,
  transfer: StoredTransfer,
  entryLegs: RecordedTransfer['legs'],
): Promise<string[]> {
  await tx.$executeRaw`
    INSERT INTO ledger_transfers (platform_id, environment, id, kind, code, pending_id, fingerprint, created_at)
    VALUES (${tenant.platformId}, ${tenant.environment}, ${transfer.id}, ${transfer.kind}::transfer_kind,
            ${transfer.code}::transfer_code, ${transfer.pendingId ?? null}, ${transfer.fingerprint}, ${transfer.createdAt})`
  const entries = entriesOf(entryLegs)
  if (entries.length === 0) return []
  const unbalanced = await tx.$queryRaw<Array<{ currency: string }>>`
    WITH inserted AS (
      INSERT INTO ledger_entries (platform_id, environment, transfer_id, leg, account_id, currency, amount)
      SELECT ${tenant.platformId}, ${tenant.environment}, ${transfer.id}, e.leg, e.account_id, e.currency, e.amount
        FROM unnest(${entries.map((e) => e.leg)}::int[], ${entries.map((e) => e.accountId)}::text[],
                    ${entries.map((e) => e.currency)}::text[], ${entries.map((e) => e.amount)}::bigint[])
             AS e(leg, account_id, currency, amount)
      RETURNING currency, amount)
    SELECT currency FROM inserted GROUP BY currency HAVING SUM(amount) <> 0`
  return unbalanced.map((r) => r.currency)
}

/** How a hold was resolved, if it was. */
export async function findResolution(db: Db | Tx, tenant: Tenant, pendingId: string): Promise<TransferKind | undefined> {
  const row = await db.ledgerTransfer.findUnique({
    where: { platformId_environment_pendingId: { ...tenant, pendingId } },
    select: { kind: true },
  })
  return row?.kind
}
