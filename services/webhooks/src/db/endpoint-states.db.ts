import { prepared } from '@pp/db'
import type { Tenant } from '../domain/types.js'
import type { Sql, SqlTx } from './client.js'
import { DUE_CHANNEL, type ClaimedDelivery } from './deliveries.db.js'

/*
 * The transitions of a tenant's endpoint state (endpoint_states): held for want of an endpoint,
 * resumed, forgotten for a new endpoint, and the deliveries they release. Every writer takes the
 * endpoint's rows first, then deliveries, then attempts, as the attempts' writers do.
 */

const FORGET_STATE = prepared(
  'webhooks_forget_endpoint_state',
  'DELETE FROM endpoint_states WHERE platform_id = $1 AND environment = $2',
)

// Held deliveries and those waiting for a retry, due now all at the same time: the claim takes equal due
// times in id order, so they go oldest first. One with an attempt in flight, or folded into a replay,
// is left to it.
const RESTART = prepared(
  'webhooks_restart_deliveries',
  `WITH restarted AS (
     UPDATE webhook_deliveries d SET next_attempt_at = now()
      WHERE d.platform_id = $1 AND d.environment = $2 AND d.status = 'PENDING' AND d.replay_id IS NULL
        AND (d.next_attempt_at IS NULL OR d.next_attempt_at > now())
        AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.id AND a.attempt_number = d.attempt_count AND a.finished_at IS NULL)
     RETURNING 1
   )
   SELECT count(*)::int AS restarted, CASE WHEN count(*) > 0 THEN pg_notify('${DUE_CHANNEL}', $1 || ' ' || $2) END AS notified FROM restarted`,
)

/** Forgets the tenant's endpoint state (failures, pause, hold), in the caller's transaction. */
export async function forgetEndpointState(tx: SqlTx, tenant: Tenant): Promise<void> {
  await tx.query(FORGET_STATE, [tenant.platformId, tenant.environment])
}

/**
 * Makes every delivery of the tenant that waits (held, or for a retry) due now, and tells every
 * replica. Run after the endpoint state is gone, as a statement of its own in the same
 * transaction: a delivery queued while the state's row was being deleted held its lock (FOR
 * SHARE) and has committed, so this statement sees it; one queued later reads no pause.
 */
export async function restartDeliveries(tx: SqlTx, tenant: Tenant): Promise<number> {
  const [row] = await tx.query<{ restarted: number }>(RESTART, [tenant.platformId, tenant.environment])
  return row!.restarted
}

const RELEASE = prepared(
  'webhooks_release_held',
  `WITH released AS (
     UPDATE webhook_deliveries SET next_attempt_at = now()
      WHERE platform_id = $1 AND environment = $2 AND status = 'PENDING' AND next_attempt_at IS NULL AND replay_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM endpoint_states WHERE platform_id = $1 AND environment = $2 AND paused_at IS NOT NULL)
     RETURNING 1
   )
   SELECT CASE WHEN EXISTS (SELECT 1 FROM released) THEN pg_notify('${DUE_CHANNEL}', $1 || ' ' || $2) END AS notified`,
)

/**
 * Makes the held deliveries of a tenant that is no longer paused due now, all at the same time:
 * the claim takes rows of equal due time in id order (uuid v7), so the backlog goes oldest first.
 * Every replica's worker is told. Those folded into a replay wait for it.
 */
export async function releaseHeldDeliveries(sql: Sql | SqlTx, tenant: Tenant): Promise<void> {
  await sql.query(RELEASE, [tenant.platformId, tenant.environment])
}

const RESUME = prepared(
  'webhooks_resume_endpoint',
  `DELETE FROM endpoint_states
    WHERE platform_id = $1 AND environment = $2
      AND EXISTS (SELECT 1 FROM endpoint_configs WHERE platform_id = $1 AND environment = $2 AND url IS NOT NULL AND ($3::text IS NULL OR url = $3))
   RETURNING 1`,
)

/**
 * The tenant's configured endpoint (only if it is `url`, when given) is proven: its failures and
 * pause are forgotten and what waited for it is due now, the probe and any retry included, in one
 * transaction (see restartDeliveries). True when it had failures to forget. A tenant without an
 * endpoint stays as it is: nothing can be sent.
 */
export function resumeEndpoint(sql: Sql, tenant: Tenant, url?: string): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const forgotten = await tx.query(RESUME, [tenant.platformId, tenant.environment, url ?? null])
    if (forgotten.length > 0) await restartDeliveries(tx, tenant)
    return forgotten.length > 0
  })
}

const HOLD_WITHOUT_ENDPOINT = prepared(
  'webhooks_hold_without_endpoint',
  `WITH config AS (
     -- shares the lock a new endpoint's configuration takes: either the endpoint was set first (and
     -- nothing is held) or this commits first (and the new endpoint restarts what it holds)
     SELECT url FROM endpoint_configs WHERE platform_id = $1 AND environment = $2 FOR SHARE
   ), state AS (
     INSERT INTO endpoint_states (platform_id, environment, paused_at, pause_reason)
     SELECT $1, $2, now(), 'NO_ENDPOINT' WHERE NOT EXISTS (SELECT 1 FROM config WHERE url IS NOT NULL)
     ON CONFLICT (platform_id, environment) DO UPDATE
        SET paused_at = COALESCE(endpoint_states.paused_at, EXCLUDED.paused_at),
            pause_reason = COALESCE(endpoint_states.pause_reason, EXCLUDED.pause_reason)
     RETURNING 1
   ), undone AS (
     -- the claim's attempt is taken back: nothing was sent
     UPDATE webhook_deliveries
        SET attempt_count = attempt_count - 1, next_attempt_at = CASE WHEN EXISTS (SELECT 1 FROM state) THEN NULL ELSE now() END
      WHERE id = $3 AND attempt_count = $4::int AND status = 'PENDING' AND replay_id IS NULL
     RETURNING id
   ), attempt_undone AS (
     DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM undone) AND attempt_number = $4::int
   ), stale_attempt AS (
     -- a claim taken over meanwhile leaves the delivery as it is: its attempt is recorded as one that sent nothing
     UPDATE delivery_attempts SET finished_at = now(), latency_ms = 0, error = $5
      WHERE delivery_id = $3 AND attempt_number = $4::int AND NOT EXISTS (SELECT 1 FROM undone)
   ), others AS (
     UPDATE webhook_deliveries SET next_attempt_at = NULL
      WHERE platform_id = $1 AND environment = $2 AND next_attempt_at IS NOT NULL AND id <> $3 AND EXISTS (SELECT 1 FROM state)
   )
   SELECT EXISTS (SELECT 1 FROM state) AS "isHeld"`,
)

/**
 * The claimed delivery found no endpoint configured: in one statement the tenant is paused for
 * NO_ENDPOINT and every delivery of it waits without a due time (this one with its attempt taken
 * back), so nothing is attempted, counted or rescanned until an endpoint is set. False when an
 * endpoint was set meanwhile: the delivery is then due again at once.
 */
export async function holdWithoutEndpoint(sql: Sql, claim: ClaimedDelivery, reason: string): Promise<boolean> {
  const [row] = await sql.query<{ isHeld: boolean }>(HOLD_WITHOUT_ENDPOINT, [claim.platformId, claim.environment, claim.id, claim.attemptNumber, reason])
  return row!.isHeld
}

const RELEASE_ORPHANS = prepared(
  'webhooks_release_orphaned_holds',
  `UPDATE webhook_deliveries d SET next_attempt_at = now()
    WHERE status = 'PENDING' AND next_attempt_at IS NULL AND replay_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM endpoint_states s
                       WHERE s.platform_id = d.platform_id AND s.environment = d.environment AND s.paused_at IS NOT NULL)`,
)

/**
 * Releases deliveries held for an endpoint that is no longer paused: a process that stopped
 * between recording the success that resumed it and releasing its backlog leaves those.
 */
export async function releaseOrphanedHolds(sql: Sql): Promise<void> {
  await sql.query(RELEASE_ORPHANS, [])
}
