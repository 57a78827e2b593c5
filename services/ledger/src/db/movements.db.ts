import { prepared, type SqlRunner } from '@pp/db'
import { entriesOf } from '../domain/transfers/rules.js'
import type { AccountDelta, RecordedLeg } from '../domain/transfers/types.js'
import type { Tenant } from '../domain/types.js'
import type { StoredTransfer } from './transfers.db.js'

/** A transfer to record with the legs its entries show (none for a void). */
export interface TransferRecord {
  transfer: StoredTransfer
  entryLegs: RecordedLeg[]
}

export interface MovementResult {
  /** Accounts whose totals changed: an internal account missing here did not have `availableNeeded`. */
  moved: Set<string>
  /** Currencies in which a transfer's entries do not sum to zero (always none; the caller refuses to commit otherwise). */
  unbalanced: string[]
}

/**
 * The accounts' deltas, the transfers and their entries in one statement (one round trip). Each
 * delta is conditional: an internal account must still have `availableNeeded` to spend, else its
 * row is left out of `moved` and nothing may commit. A transfer id or a hold's resolution that
 * exists already refuses the whole statement with a unique violation.
 */
const RECORD_MOVEMENT = prepared(
  'ledger_record_movement',
  `WITH moved AS (
     UPDATE ledger_accounts la
        SET debits_pending = la.debits_pending + d.debits_pending, debits_posted = la.debits_posted + d.debits_posted,
            credits_pending = la.credits_pending + d.credits_pending, credits_posted = la.credits_posted + d.credits_posted,
            updated_at = now()
       FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
            AS d(id, debits_pending, debits_posted, credits_pending, credits_posted, needed)
      WHERE la.id = d.id AND (la.kind <> 'INTERNAL' OR la.credits_posted - la.debits_posted - la.debits_pending >= d.needed)
      RETURNING la.id),
   transfers AS (
     INSERT INTO ledger_transfers (platform_id, environment, id, kind, code, pending_id, fingerprint, created_at)
     SELECT $1, $2, t.id, t.kind::transfer_kind, t.code::transfer_code, t.pending_id, t.fingerprint, t.created_at
       FROM unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
            AS t(id, kind, code, pending_id, fingerprint, created_at)),
   entries AS (
     INSERT INTO ledger_entries (platform_id, environment, transfer_id, leg, account_id, currency, amount)
     SELECT $1, $2, e.transfer_id, e.leg, e.account_id, e.currency, e.amount
       FROM unnest($15::text[], $16::int[], $17::text[], $18::text[], $19::bigint[]) AS e(transfer_id, leg, account_id, currency, amount)
     RETURNING transfer_id, currency, amount)
   SELECT ARRAY(SELECT id FROM moved) AS moved,
          ARRAY(SELECT DISTINCT currency FROM entries GROUP BY transfer_id, currency HAVING SUM(amount) <> 0) AS unbalanced`,
)

export async function writeMovement(
  runner: SqlRunner,
  tenant: Tenant,
  deltas: Array<[string, AccountDelta]>,
  records: TransferRecord[],
): Promise<MovementResult> {
  const entries = records.flatMap(({ transfer, entryLegs }) => entriesOf(entryLegs).map((e) => ({ ...e, transferId: transfer.id })))
  const [row] = await runner.query<{ moved: string[]; unbalanced: string[] }>(RECORD_MOVEMENT, [
    tenant.platformId,
    tenant.environment,
    deltas.map(([id]) => id),
    deltas.map(([, d]) => d.debitsPending),
    deltas.map(([, d]) => d.debitsPosted),
    deltas.map(([, d]) => d.creditsPending),
    deltas.map(([, d]) => d.creditsPosted),
    deltas.map(([, d]) => d.availableNeeded),
    records.map((r) => r.transfer.id),
    records.map((r) => r.transfer.kind),
    records.map((r) => r.transfer.code),
    records.map((r) => r.transfer.pendingId ?? null),
    records.map((r) => r.transfer.fingerprint),
    records.map((r) => r.transfer.createdAt),
    entries.map((e) => e.transferId),
    entries.map((e) => e.leg),
    entries.map((e) => e.accountId),
    entries.map((e) => e.currency),
    entries.map((e) => e.amount),
  ])
  return { moved: new Set(row!.moved), unbalanced: row!.unbalanced }
}

const APPLY_DELTA = prepared(
  'ledger_apply_delta',
  `UPDATE ledger_accounts
      SET debits_pending = debits_pending + $2, debits_posted = debits_posted + $3,
          credits_pending = credits_pending + $4, credits_posted = credits_posted + $5, updated_at = now()
    WHERE id = $1`,
)

/** A system account's delta on its own (system accounts may go negative: it cannot fail). */
export async function applySystemDelta(runner: SqlRunner, accountId: string, delta: AccountDelta): Promise<void> {
  await runner.query(APPLY_DELTA, [accountId, delta.debitsPending, delta.debitsPosted, delta.creditsPending, delta.creditsPosted])
}
