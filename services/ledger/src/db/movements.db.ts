import { prepared, type SqlRunner } from '@pp/db'
import { outboxInsert, outboxValues, type OutboxRecord } from '@pp/events'
import type { InternalAccountRecord } from '../domain/internal-accounts/types.js'
import type { AccountDelta, RecordedLeg } from '../domain/transfers/types.js'
import type { Tenant } from '../domain/types.js'
import { entriesOf } from './entries.js'
import { JOINED_ACCOUNT_COLUMNS, joinedToRecord, type JoinedAccountRow } from './internal-accounts.db.js'
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
  /** The moved accounts that are the API's internal accounts (a token's holding account is not), as they stand now, in id order. */
  accounts: InternalAccountRecord[]
}

/**
 * The internal accounts' deltas, the transfers and their entries in one statement (one round
 * trip). Each delta is conditional: the account must still have `availableNeeded` to spend, else
 * its row is left out of `moved` and nothing may commit. A transfer id or a hold's resolution that
 * exists already refuses the whole statement with a unique violation. It answers the moved
 * accounts with their new totals, read from the very rows it updated, for their events; at least
 * one row, whose account columns are null when no internal account of the API moved.
 *
 * updated_at (the account's updatedAt from now on) is the clock at the update, taken under the row
 * lock, so one account's successive movements get increasing times, the order a receiver of their
 * events sorts them by. now() would not do: it is the transaction's start, and a transaction that
 * waited for the lock may have started before the one it waited for.
 */
const RECORD_MOVEMENT = prepared(
  'ledger_record_movement',
  `WITH moved AS (
     UPDATE ledger_accounts la
        SET debits_pending = la.debits_pending + d.debits_pending, debits_posted = la.debits_posted + d.debits_posted,
            credits_pending = la.credits_pending + d.credits_pending, credits_posted = la.credits_posted + d.credits_posted,
            updated_at = clock_timestamp()
       FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
            AS d(id, debits_pending, debits_posted, credits_pending, credits_posted, needed)
      WHERE la.id = d.id AND la.credits_posted - la.debits_posted - la.debits_pending >= d.needed
      RETURNING la.id, la.currency, la.debits_pending, la.debits_posted, la.credits_pending, la.credits_posted, la.updated_at),
   transfers AS (
     INSERT INTO ledger_transfers (platform_id, environment, id, kind, code, pending_id, fingerprint, created_at)
     SELECT $1, $2, t.id, t.kind::transfer_kind, t.code::transfer_code, t.pending_id, t.fingerprint, t.created_at
       FROM unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::timestamptz[])
            AS t(id, kind, code, pending_id, fingerprint, created_at)),
   entries AS (
     INSERT INTO ledger_entries (platform_id, environment, transfer_id, leg, account_id, currency, amount)
     SELECT $1, $2, e.transfer_id, e.leg, e.account_id, e.currency, e.amount
       FROM unnest($15::text[], $16::int[], $17::text[], $18::text[], $19::bigint[]) AS e(transfer_id, leg, account_id, currency, amount)
     RETURNING transfer_id, currency, amount),
   checked AS (
     SELECT ARRAY(SELECT id FROM moved) AS moved,
            ARRAY(SELECT DISTINCT currency FROM entries GROUP BY transfer_id, currency HAVING SUM(amount) <> 0) AS unbalanced)
   SELECT checked.moved, checked.unbalanced, ${JOINED_ACCOUNT_COLUMNS}
     FROM checked LEFT JOIN (moved la JOIN internal_accounts ia ON ia.id = la.id) ON true
    ORDER BY ia.id`,
)

type MovementRow = { moved: string[]; unbalanced: string[] } & (JoinedAccountRow | { id: null })

/** Internal accounts only: a system account is moved by `finishMovement`. */
export async function writeMovement(
  runner: SqlRunner,
  tenant: Tenant,
  deltas: Array<[string, AccountDelta]>,
  records: TransferRecord[],
): Promise<MovementResult> {
  const entries = records.flatMap(({ transfer, entryLegs }) => entriesOf(entryLegs).map((e) => ({ ...e, transferId: transfer.id })))
  const rows = await runner.query<MovementRow>(RECORD_MOVEMENT, [
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
  const accounts = rows.filter((row): row is MovementRow & JoinedAccountRow => row.id !== null).map(joinedToRecord)
  return { moved: new Set(rows[0]!.moved), unbalanced: rows[0]!.unbalanced, accounts }
}

const NO_DELTA: AccountDelta = { debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n, availableNeeded: 0n }

/**
 * A system account's delta (system accounts may go negative: it cannot fail) and outbox rows in
 * one statement; with no account (a null id), the rows alone.
 */
const APPLY_DELTA = prepared(
  'ledger_apply_delta',
  `WITH events AS (${outboxInsert(6)})
   UPDATE ledger_accounts
      SET debits_pending = debits_pending + $2, debits_posted = debits_posted + $3,
          credits_pending = credits_pending + $4, credits_posted = credits_posted + $5, updated_at = now()
    WHERE id = $1`,
)

async function applyDelta(runner: SqlRunner, [accountId, delta]: [string | null, AccountDelta], events: OutboxRecord<unknown>[]): Promise<void> {
  await runner.query(APPLY_DELTA, [
    accountId,
    delta.debitsPending,
    delta.debitsPosted,
    delta.creditsPending,
    delta.creditsPosted,
    ...outboxValues(events),
  ])
}

/**
 * The movement's last statements: the system accounts' deltas one by one in id order, the first
 * carrying the transaction's outbox rows (with no system account, the rows alone). Nothing else
 * runs between a system row's update and the commit, so its lock is held for the commit alone.
 */
export async function finishMovement(runner: SqlRunner, systemDeltas: Array<[string, AccountDelta]>, events: OutboxRecord<unknown>[]): Promise<void> {
  const [first, ...others] = systemDeltas
  if (first !== undefined || events.length > 0) await applyDelta(runner, first ?? [null, NO_DELTA], events)
  for (const delta of others) await applyDelta(runner, delta, [])
}
