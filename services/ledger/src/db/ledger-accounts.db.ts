import { randomUUID } from 'node:crypto'
import type { AccountStatus } from '../domain/internal-accounts/status-rules.js'
import type { AccountBalance, AccountDelta, SystemAccountKind } from '../domain/transfers/types.js'
import type { Tenant } from '../domain/types.js'
import type { Db, Tx } from './client.js'

export type LedgerAccountKind = 'INTERNAL' | SystemAccountKind

/** A locked account: its kind, currency and, for an internal account, its status. */
export interface LockedAccount {
  id: string
  kind: LedgerAccountKind
  currency: string
  status: AccountStatus | null
}

/**
 * Locks the tenant's internal accounts among `ids` in id order, the one order every transaction
 * uses, so two transfers over the same accounts queue instead of deadlocking; system accounts among
 * `ids` are read without a lock (see `applyTransfer`). Missing ids are left out.
 */
export async function lockAccounts(tx: Tx, tenant: Tenant, ids: string[]): Promise<Map<string, LockedAccount>> {
  const sorted = [...new Set(ids)].sort()
  const internal = await tx.$queryRaw<LockedAccount[]>`
    SELECT la.id, la.kind::text AS kind, la.currency, ia.status::text AS status
      FROM ledger_accounts la LEFT JOIN internal_accounts ia ON ia.id = la.id
     WHERE la.platform_id = ${tenant.platformId} AND la.environment = ${tenant.environment} AND la.id = ANY(${sorted})
       AND la.kind = 'INTERNAL'
     ORDER BY la.id
       FOR UPDATE OF la`
  const system = await tx.$queryRaw<LockedAccount[]>`
    SELECT id, kind::text AS kind, currency, NULL AS status
      FROM ledger_accounts
     WHERE platform_id = ${tenant.platformId} AND environment = ${tenant.environment} AND id = ANY(${sorted})
       AND kind <> 'INTERNAL'`
  return new Map([...internal, ...system].map((row) => [row.id, row]))
}

/**
 * Applies one account's deltas in a single conditional UPDATE: an internal account must still
 * have `availableNeeded` to spend, otherwise no row changes and the answer is false. System
 * accounts may go negative.
 */
export async function applyDelta(tx: Tx, accountId: string, delta: AccountDelta): Promise<boolean> {
  const updated = await tx.$executeRaw`
    UPDATE ledger_accounts
       SET debits_pending = debits_pending + ${delta.debitsPending},
           debits_posted = debits_posted + ${delta.debitsPosted},
           credits_pending = credits_pending + ${delta.creditsPending},
           credits_posted = credits_posted + ${delta.creditsPosted},
           updated_at = now()
     WHERE id = ${accountId}
       AND (kind <> 'INTERNAL' OR credits_posted - debits_posted - debits_pending >= ${delta.availableNeeded})`
  return updated === 1
}

/** The tenant's system account of this kind and currency, created on first use (concurrent callers agree). */
export async function ensureSystemAccount(db: Db, tenant: Tenant, kind: SystemAccountKind, currency: string): Promise<string> {
  await db.$executeRaw`
    INSERT INTO ledger_accounts (id, platform_id, environment, kind, currency)
    VALUES (${`LedgerAccount:${randomUUID()}`}, ${tenant.platformId}, ${tenant.environment}, ${kind}::ledger_account_kind, ${currency})
    ON CONFLICT (platform_id, environment, kind, currency) WHERE kind <> 'INTERNAL' DO NOTHING`
  const row = await db.ledgerAccount.findFirstOrThrow({ where: { ...tenant, kind, currency }, select: { id: true } })
  return row.id
}

/** The ledger side of a new internal account: zero totals, never overdrawn. */
export async function insertInternalLedgerAccount(tx: Tx, tenant: Tenant, id: string, currency: string, at: Date): Promise<void> {
  await tx.ledgerAccount.create({ data: { id, ...tenant, kind: 'INTERNAL', currency, createdAt: at, updatedAt: at } })
}

export async function findBalances(db: Db | Tx, tenant: Tenant, ids: string[]): Promise<Map<string, AccountBalance>> {
  const rows = await db.ledgerAccount.findMany({ where: { ...tenant, id: { in: ids } } })
  return new Map(
    rows.map((row) => [
      row.id,
      {
        accountId: row.id,
        currency: row.currency,
        debitsPending: row.debitsPending,
        debitsPosted: row.debitsPosted,
        creditsPending: row.creditsPending,
        creditsPosted: row.creditsPosted,
      },
    ]),
  )
}
