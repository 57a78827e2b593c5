import type { RecordedTransfer, TransferKind } from '../domain/transfers/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import { legsOf } from './entries.js'

export interface StoredTransfer extends RecordedTransfer {
  fingerprint: string
}

/** A transfer with its legs; a void has no entries of its own and shows the legs it released. */
export async function findTransfer(db: Db | Tx, tenant: Tenant, id: string): Promise<StoredTransfer | undefined> {
  const row = await open(db).ledgerTransfer.findUnique({
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

/** How a hold was resolved, if it was. */
export async function findResolution(db: Db | Tx, tenant: Tenant, pendingId: string): Promise<TransferKind | undefined> {
  const row = await open(db).ledgerTransfer.findUnique({
    where: { platformId_environment_pendingId: { ...tenant, pendingId } },
    select: { kind: true },
  })
  return row?.kind
}
