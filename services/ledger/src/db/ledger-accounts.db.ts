import { randomUUID } from 'node:crypto'
import { prepared, sqlOf, type SqlRunner } from '@pp/db'
import type { AccountStatus } from '../domain/internal-accounts/status-rules.js'
import type { AccountBalance, SystemAccountKind } from '../domain/transfers/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

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
 * `ids` are read without a lock (see `applyTransfer`). Missing ids are left out. One statement.
 */
const LOCK_ACCOUNTS = prepared(
  'ledger_lock_accounts',
  `WITH internal AS (
     SELECT la.id, la.kind::text AS kind, la.currency, ia.status::text AS status
       FROM ledger_accounts la LEFT JOIN internal_accounts ia ON ia.id = la.id
      WHERE la.platform_id = $1 AND la.environment = $2 AND la.id = ANY($3::text[]) AND la.kind = 'INTERNAL'
      ORDER BY la.id
        FOR UPDATE OF la)
   SELECT id, kind, currency, status FROM internal
   UNION ALL
   SELECT id, kind::text, currency, NULL FROM ledger_accounts
    WHERE platform_id = $1 AND environment = $2 AND id = ANY($3::text[]) AND kind <> 'INTERNAL'`,
)

export async function lockAccountsWith(runner: SqlRunner, tenant: Tenant, ids: string[]): Promise<Map<string, LockedAccount>> {
  const rows = await runner.query<LockedAccount>(LOCK_ACCOUNTS, [tenant.platformId, tenant.environment, [...new Set(ids)].sort()])
  return new Map(rows.map((row) => [row.id, row]))
}

/** `lockAccountsWith` inside a Prisma transaction. */
export const lockAccounts = (tx: Tx, tenant: Tenant, ids: string[]): Promise<Map<string, LockedAccount>> =>
  lockAccountsWith(sqlOf(tx), tenant, ids)

/** The tenant's system account of this kind and currency, created on first use (concurrent callers agree). */
export async function ensureSystemAccount(db: Db, tenant: Tenant, kind: SystemAccountKind, currency: string): Promise<string> {
  await open(db).$executeRaw`
    INSERT INTO ledger_accounts (id, platform_id, environment, kind, currency)
    VALUES (${`LedgerAccount:${randomUUID()}`}, ${tenant.platformId}, ${tenant.environment}, ${kind}::ledger_account_kind, ${currency})
    ON CONFLICT (platform_id, environment, kind, currency) WHERE kind <> 'INTERNAL' DO NOTHING`
  const row = await open(db).ledgerAccount.findFirstOrThrow({ where: { ...tenant, kind, currency }, select: { id: true } })
  return row.id
}

/** The ledger side of a new internal account: zero totals, never overdrawn. */
export async function insertInternalLedgerAccount(tx: Tx, tenant: Tenant, id: string, currency: string, at: Date): Promise<void> {
  await open(tx).ledgerAccount.create({ data: { id, ...tenant, kind: 'INTERNAL', currency, createdAt: at, updatedAt: at } })
}

export async function findBalances(db: Db | Tx, tenant: Tenant, ids: string[]): Promise<Map<string, AccountBalance>> {
  const rows = await open(db).ledgerAccount.findMany({ where: { ...tenant, id: { in: ids } } })
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
