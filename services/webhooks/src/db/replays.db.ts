import { prepared, sqlOf } from '@pp/db'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Sql, type Tx } from './client.js'
import { claimedDelivery, ENDPOINT_COLUMNS, INTERRUPTED, JOIN_ENDPOINT, startAttempts, type ClaimedDelivery, type ClaimedRow } from './deliveries.db.js'

/** Every replica LISTENs here: a replay was made and is due now. */
export const REPLAYS_CHANNEL = 'webhook_replays_due'

export type ReplayStatus = 'RUNNING' | 'COMPLETED'

export interface ReplayWindow {
  createdAfter: Date
  createdBefore: Date
  /** Empty: every type. */
  types: string[]
}

export interface ReplayRow extends Tenant, ReplayWindow {
  id: string
  untilId: string | null
  cursorId: string | null
  deliveryCount: number
  sentCount: number
  failedCount: number
  status: ReplayStatus
  createdAt: Date
  completedAt: Date | null
}

const COLUMNS = `id, platform_id AS "platformId", environment, created_after AS "createdAfter", created_before AS "createdBefore", types,
  until_id AS "untilId", cursor_id AS "cursorId", delivery_count AS "deliveryCount", sent_count AS "sentCount",
  failed_count AS "failedCount", status, created_at AS "createdAt", completed_at AS "completedAt"`

// the window's rows, read once: the replay covers these and no later one (until_id)
const IN_WINDOW = `platform_id = $2 AND environment = $3 AND created_at >= $4 AND created_at <= $5
  AND (cardinality($6::text[]) = 0 OR webhook_type = ANY($6::text[]))`

const INSERT = prepared(
  'webhooks_insert_replay',
  `WITH window_rows AS (
     SELECT id, status FROM webhook_deliveries WHERE ${IN_WINDOW}
   ), folded AS (
     -- the window's PENDING deliveries leave their retry schedule (no due time: no claim takes them)
     -- and wait for the replay's attempt, so that none goes out twice or out of order; locked in id
     -- order, as the claim skips locked rows
     UPDATE webhook_deliveries d SET replay_id = $1, next_attempt_at = NULL
       FROM (SELECT id FROM webhook_deliveries WHERE id IN (SELECT id FROM window_rows WHERE status = 'PENDING') ORDER BY id FOR UPDATE) locked
      WHERE d.id = locked.id AND d.status = 'PENDING'
   ), inserted AS (
     INSERT INTO webhook_replays (id, platform_id, environment, created_after, created_before, types, until_id, delivery_count,
                                  status, next_run_at, completed_at)
     SELECT $1, $2, $3, $4, $5, $6, max(id), count(*),
            CASE WHEN count(*) = 0 THEN 'COMPLETED' ELSE 'RUNNING' END,
            CASE WHEN count(*) = 0 THEN NULL ELSE now() END,
            CASE WHEN count(*) = 0 THEN now() END
       FROM window_rows
     RETURNING ${COLUMNS}
   )
   -- pg_notify answers void, which Prisma cannot read: counted instead
   SELECT *, (SELECT count(*) FROM (SELECT pg_notify('${REPLAYS_CHANNEL}', '')) n)::int AS notified FROM inserted`,
)

/**
 * Makes a replay of the tenant's deliveries created in the window (and of its types), in the
 * caller's transaction: the job row, due now (COMPLETED at once when the window is empty), with
 * the window's PENDING deliveries folded into it. Every replica's replay worker is told at commit.
 */
export async function insertReplay(tx: Tx, id: string, tenant: Tenant, window: ReplayWindow): Promise<ReplayRow> {
  const [row] = await sqlOf(tx).query<ReplayRow>(INSERT, [
    id, tenant.platformId, tenant.environment, window.createdAfter, window.createdBefore, window.types,
  ])
  return row!
}

export async function findReplayRow(db: Db, tenant: Tenant, id: string): Promise<ReplayRow | undefined> {
  const rows = await open(db).$queryRawUnsafe<ReplayRow[]>(
    `SELECT ${COLUMNS} FROM webhook_replays WHERE id = $1 AND platform_id = $2 AND environment = $3`, id, tenant.platformId, tenant.environment,
  )
  return rows[0]
}

const CLAIM = prepared(
  'webhooks_claim_replays',
  `WITH picked AS (
     SELECT id FROM webhook_replays WHERE status = 'RUNNING' AND next_run_at <= now()
      ORDER BY next_run_at LIMIT $1::int FOR UPDATE SKIP LOCKED
   ), claimed AS (
     UPDATE webhook_replays r SET next_run_at = now() + make_interval(secs => $2::double precision / 1000)
       FROM picked WHERE r.id = picked.id
     RETURNING r.id, r.platform_id AS "platformId", r.environment, r.created_after AS "createdAfter", r.created_before AS "createdBefore",
               r.types, r.until_id AS "untilId", r.cursor_id AS "cursorId", r.delivery_count AS "deliveryCount", r.sent_count AS "sentCount",
               r.failed_count AS "failedCount", r.status, r.created_at AS "createdAt", r.completed_at AS "completedAt"
   )
   -- one row even when nothing is claimed, to carry when the next one (another worker's lease) falls due
   SELECT c.*, n.next_due_at AS "nextDueAt"
     FROM (SELECT min(next_run_at) AS next_due_at FROM webhook_replays WHERE status = 'RUNNING' AND next_run_at > now()) n
     LEFT JOIN claimed c ON true`,
)

export interface ReplayClaim {
  replays: ReplayRow[]
  nextDueAt: Date | undefined
}

/**
 * Claims up to `limit` due replays for this worker: each is leased (`next_run_at` a lease ahead)
 * and renewed at every step, so a worker that dies leaves it to another after the lease.
 */
export async function claimDueReplays(sql: Sql, limit: number, leaseMs: number): Promise<ReplayClaim> {
  const rows = await sql.query<ReplayRow & { id: string | null; nextDueAt: Date | null }>(CLAIM, [limit, leaseMs])
  return {
    replays: rows.filter((row) => row.id !== null),
    nextDueAt: rows[0]?.nextDueAt ?? undefined,
  }
}

const CLAIM_ATTEMPT = prepared(
  'webhooks_claim_replay_attempt',
  `WITH next AS (
     SELECT id FROM webhook_deliveries
      WHERE ${IN_WINDOW} AND id > COALESCE($7, '') AND id <= $8
      ORDER BY id LIMIT 1
        FOR UPDATE
   ), claimed AS (
     -- a PENDING one stays folded into the replay while its attempt runs: no claim takes it meanwhile
     UPDATE webhook_deliveries d
        SET attempt_count = d.attempt_count + 1,
            next_attempt_at = NULL,
            replay_id = CASE WHEN d.status = 'PENDING' THEN $1::text END
       FROM next WHERE d.id = next.id
     RETURNING d.id, d.platform_id, d.environment, d.webhook_type, d.content, d.attempt_count, d.trace_parent, d.created_at
   ), ${startAttempts('$9')}
   SELECT c.id, c.platform_id AS "platformId", c.environment, c.webhook_type AS "webhookType", c.content,
          c.attempt_count AS "attemptNumber", c.trace_parent AS "traceParent", c.created_at AS "queuedAt", ${ENDPOINT_COLUMNS}
     FROM claimed c ${JOIN_ENDPOINT}`,
)

/**
 * Starts the replay's attempt of the next delivery of its window after `cursorId`, in id (creation)
 * order: the attempt row is written with the claim, as the worker's claim does. Undefined when the
 * window holds no more.
 */
export async function claimReplayAttempt(sql: Sql, replay: ReplayRow, cursorId: string | null): Promise<ClaimedDelivery | undefined> {
  const [row] = await sql.query<ClaimedRow>(CLAIM_ATTEMPT, [
    replay.id, replay.platformId, replay.environment, replay.createdAfter, replay.createdBefore, replay.types, cursorId, replay.untilId, INTERRUPTED,
  ])
  return row && { ...claimedDelivery(row), replayId: replay.id }
}

const ADVANCE = prepared(
  'webhooks_advance_replay',
  `WITH advanced AS (
     UPDATE webhook_replays
        SET cursor_id = $2, sent_count = sent_count + $3::int, failed_count = failed_count + (1 - $3::int),
            next_run_at = now() + make_interval(secs => $5::double precision / 1000)
      WHERE id = $1 AND status = 'RUNNING' AND cursor_id IS NOT DISTINCT FROM $4
     RETURNING id
   ), unfolded AS (
     -- whatever its attempt's outcome, the delivery is the replay's no longer
     UPDATE webhook_deliveries SET replay_id = NULL WHERE id = $2 AND replay_id = $1
   )
   SELECT id FROM advanced`,
)

/**
 * Records that the replay is past `deliveryId` and renews its lease. False when the replay moved
 * on without this worker (its lease expired and another took it over): this worker stops.
 */
export async function advanceReplay(sql: Sql, replay: ReplayRow, from: string | null, deliveryId: string, isSent: boolean, leaseMs: number): Promise<boolean> {
  const rows = await sql.query(ADVANCE, [replay.id, deliveryId, isSent ? 1 : 0, from, leaseMs])
  return rows.length > 0
}

const COMPLETE = prepared(
  'webhooks_complete_replay',
  `UPDATE webhook_replays SET status = 'COMPLETED', next_run_at = NULL, completed_at = now()
    WHERE id = $1 AND status = 'RUNNING' AND cursor_id IS NOT DISTINCT FROM $2`,
)

export async function completeReplay(sql: Sql, replay: ReplayRow, cursorId: string | null): Promise<void> {
  await sql.query(COMPLETE, [replay.id, cursorId])
}

const RELEASE = prepared(
  'webhooks_release_replay',
  `UPDATE webhook_replays SET next_run_at = now() WHERE id = $1 AND status = 'RUNNING' AND cursor_id IS NOT DISTINCT FROM $2`,
)

/** Gives a replay back, due now, to whichever worker claims next (this process is stopping). */
export async function releaseReplay(sql: Sql, replay: ReplayRow, cursorId: string | null): Promise<void> {
  await sql.query(RELEASE, [replay.id, cursorId])
}
