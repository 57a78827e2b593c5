import { open, type Db } from '../src/db/client.js'
import type { Tenant } from '../src/domain/types.js'

/**
 * The ledger's invariants over one tenant, as plain SQL: per currency, credits equal debits
 * (posted and pending alike); no internal account is overdrawn; and every account's running
 * totals equal what its immutable entries say. Answers the violations (empty when sound).
 */
export async function ledgerViolations(db: Db, tenant: Tenant): Promise<string[]> {
  const unbalanced = await open(db).$queryRaw<Array<{ currency: string; posted: bigint; pending: bigint }>>`
    SELECT currency, SUM(credits_posted - debits_posted) AS posted, SUM(credits_pending - debits_pending) AS pending
      FROM ledger_accounts WHERE platform_id = ${tenant.platformId} AND environment = ${tenant.environment}
     GROUP BY currency HAVING SUM(credits_posted - debits_posted) <> 0 OR SUM(credits_pending - debits_pending) <> 0`
  const overdrawn = await open(db).$queryRaw<Array<{ id: string }>>`
    SELECT id FROM ledger_accounts WHERE platform_id = ${tenant.platformId} AND environment = ${tenant.environment}
       AND kind = 'INTERNAL' AND credits_posted - debits_posted - debits_pending < 0`
  const drifted = await open(db).$queryRaw<Array<{ id: string }>>`
    WITH effect AS (
      SELECT e.account_id, e.amount, t.kind,
             t.kind = 'PENDING' AND NOT EXISTS (
               SELECT 1 FROM ledger_transfers r
                WHERE r.platform_id = t.platform_id AND r.environment = t.environment AND r.pending_id = t.id) AS is_open_hold
        FROM ledger_entries e
        JOIN ledger_transfers t ON t.platform_id = e.platform_id AND t.environment = e.environment AND t.id = e.transfer_id
       WHERE e.platform_id = ${tenant.platformId} AND e.environment = ${tenant.environment})
    SELECT a.id FROM ledger_accounts a LEFT JOIN effect f ON f.account_id = a.id
     WHERE a.platform_id = ${tenant.platformId} AND a.environment = ${tenant.environment}
     GROUP BY a.id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending
    HAVING a.debits_posted <> COALESCE(SUM(-f.amount) FILTER (WHERE f.amount < 0 AND f.kind IN ('DIRECT', 'POST_PENDING')), 0)
        OR a.credits_posted <> COALESCE(SUM(f.amount) FILTER (WHERE f.amount > 0 AND f.kind IN ('DIRECT', 'POST_PENDING')), 0)
        OR a.debits_pending <> COALESCE(SUM(-f.amount) FILTER (WHERE f.amount < 0 AND f.is_open_hold), 0)
        OR a.credits_pending <> COALESCE(SUM(f.amount) FILTER (WHERE f.amount > 0 AND f.is_open_hold), 0)`
  return [
    ...unbalanced.map((r) => `${r.currency} does not balance: posted ${r.posted}, pending ${r.pending}`),
    ...overdrawn.map((r) => `${r.id} is overdrawn`),
    ...drifted.map((r) => `${r.id}: totals differ from its entries`),
  ]
}
