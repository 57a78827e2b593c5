import { prepared } from '@pp/db'
import type { Sql, SqlTx } from './client.js'
import type { ClaimedDelivery } from './deliveries.db.js'

export interface AttemptOutcome {
  url?: string
  statusCode?: number
  latencyMs: number
  error?: string
  /** The body sent; unset when nothing was. */
  payload?: string
}

/**
 * What becomes of the delivery after a failed attempt: retried after a wait, dead-lettered, or
 * HELD (still PENDING, with no due time) behind its paused endpoint's probe.
 */
export type FailureStep = { status: 'PENDING'; retryInMs: number } | { status: 'DEAD' } | { status: 'HELD' }

/** The tenant's endpoint after counting a failure: `probeDeliveryId` is set while it is paused. */
export interface EndpointState {
  consecutiveFailures: number
  probeDeliveryId: string | null
}

/** The delivery's next step after a failure, and whether the endpoint needs a (new) probe appointed. */
export interface FailureDecision {
  next: FailureStep
  appointProbe: boolean
}

/*
 * Every writer takes its rows in one order, the endpoint's row, then deliveries, then attempts,
 * so that none waits for another in a cycle (the claim: deliveries, then attempts). In a single
 * statement the select list's subqueries run first, in order, and unreferenced CTEs after them.
 */

const DELIVERED = prepared(
  'webhooks_record_delivered',
  `WITH recovered AS (
     -- an answer from an endpoint the platform has since replaced says nothing of the new one
     DELETE FROM endpoint_states WHERE platform_id = $6 AND environment = $7
        AND EXISTS (SELECT 1 FROM endpoint_configs WHERE platform_id = $6 AND environment = $7 AND url = $3)
     RETURNING paused_at
   ), delivered AS (
     -- a DEAD one too: only a replay attempts it, and a 2xx delivers it after all
     UPDATE webhook_deliveries SET status = 'DELIVERED', next_attempt_at = NULL, delivered_at = now(), dead_at = NULL, replay_id = NULL
      WHERE id = $1 AND attempt_count = $2::int AND status <> 'DELIVERED'
     RETURNING id
   ), attempt AS (
     UPDATE delivery_attempts
        SET finished_at = now(), url = $3, status_code = $4::int, latency_ms = $5::int, error = NULL, payload = $8
      WHERE delivery_id = $1 AND attempt_number = $2::int
   )
   SELECT (SELECT paused_at IS NOT NULL FROM recovered) AS "wasPaused", (SELECT count(*) FROM delivered) AS delivered`,
)

/**
 * Records a successful attempt, in one statement; the endpoint answers, so its failure count
 * goes and, if it was paused, its pause (unless the platform has set another endpoint since the
 * attempt began). True when it was paused: its held deliveries are then released by
 * `releaseHeldDeliveries`.
 *
 * The delivery changes only if this attempt is still its latest (`attempt_count`): a worker whose
 * claim expired and was taken over records its attempt but leaves the delivery to the newer claim.
 * A delivery folded into a replay and delivered by an attempt begun before is left to the replay
 * no longer: it is delivered.
 */
export async function recordDelivered(sql: Sql, claim: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const [row] = await sql.query<{ wasPaused: boolean | null }>(DELIVERED, [
    claim.id, claim.attemptNumber, outcome.url ?? null, outcome.statusCode ?? null, outcome.latencyMs, claim.platformId, claim.environment,
    outcome.payload ?? null,
  ])
  return row?.wasPaused === true
}

const FAILED_ATTEMPT = prepared(
  'webhooks_record_failed_attempt',
  `UPDATE delivery_attempts
      SET finished_at = now(), url = $3, status_code = $4::int, latency_ms = $5::int, error = $6, payload = $7
    WHERE delivery_id = $1 AND attempt_number = $2::int`,
)

// only a failure of the endpoint configured now counts: one the platform has replaced since the
// attempt began is not the new endpoint's fault
const COUNT_FAILURE = prepared(
  'webhooks_count_endpoint_failure',
  `INSERT INTO endpoint_states (platform_id, environment, consecutive_failures)
   SELECT $1, $2, 1 WHERE EXISTS (SELECT 1 FROM endpoint_configs WHERE platform_id = $1 AND environment = $2 AND url = $3)
   ON CONFLICT (platform_id, environment) DO UPDATE SET consecutive_failures = endpoint_states.consecutive_failures + 1
   RETURNING consecutive_failures AS "consecutiveFailures", probe_delivery_id AS "probeDeliveryId"`,
)

/** The state of an endpoint that no failure was counted against. */
const UNCOUNTED: EndpointState = { consecutiveFailures: 0, probeDeliveryId: null }

// A delivery folded into a replay ($5: the replay making this attempt, if one is) stays without a due
// time after an attempt begun before the fold: the replay sends it next. The replay's own attempt
// returns it to its schedule.
const FAILED_DELIVERY = prepared(
  'webhooks_record_failed_delivery',
  `UPDATE webhook_deliveries
      SET status = $3::text,
          next_attempt_at = CASE WHEN $3::text = 'PENDING' AND $4::double precision IS NOT NULL AND (replay_id IS NULL OR replay_id = $5)
                                 THEN now() + make_interval(secs => $4::double precision / 1000) END,
          dead_at = CASE WHEN $3::text = 'DEAD' THEN now() END,
          replay_id = NULLIF(replay_id, $5)
    WHERE id = $1 AND attempt_count = $2::int AND status = 'PENDING'
   RETURNING id`,
)

const APPOINT_PROBE = prepared(
  'webhooks_appoint_probe',
  `WITH expired AS (
     -- held deliveries that have waited as long as a delivery is ever retried go with the probe
     UPDATE webhook_deliveries SET status = 'DEAD', dead_at = now()
      WHERE platform_id = $1 AND environment = $2 AND status = 'PENDING' AND next_attempt_at IS NULL AND replay_id IS NULL
        AND created_at <= now() - make_interval(secs => $3::double precision / 1000)
     RETURNING id
   ), probe AS (
     -- the tenant's oldest undelivered one (ids are uuid v7), held or due: delivered first once the endpoint
     -- answers, so the released backlog follows it in order; read once per pause, never per wake
     SELECT id, next_attempt_at FROM (
       (SELECT id, next_attempt_at FROM webhook_deliveries
         WHERE platform_id = $1 AND environment = $2 AND status = 'PENDING' AND next_attempt_at IS NULL AND replay_id IS NULL
           AND id NOT IN (SELECT id FROM expired)
         ORDER BY id LIMIT 1)
       UNION ALL
       (SELECT id, next_attempt_at FROM webhook_deliveries
         WHERE platform_id = $1 AND environment = $2 AND next_attempt_at IS NOT NULL
         ORDER BY id LIMIT 1)
     ) oldest ORDER BY id LIMIT 1
   ), state AS (
     UPDATE endpoint_states s
        SET probe_delivery_id = p.id,
            paused_at = CASE WHEN p.id IS NULL THEN NULL ELSE COALESCE(s.paused_at, now()) END,
            pause_reason = CASE WHEN p.id IS NULL THEN NULL ELSE 'FAILURES' END
       FROM (SELECT (SELECT id FROM probe) AS id) p
      WHERE s.platform_id = $1 AND s.environment = $2
   ), woken AS (
     UPDATE webhook_deliveries SET next_attempt_at = now()
      WHERE id = (SELECT id FROM probe WHERE next_attempt_at IS NULL)
   ), held AS (
     UPDATE webhook_deliveries SET next_attempt_at = NULL
      WHERE platform_id = $1 AND environment = $2 AND next_attempt_at IS NOT NULL
        AND id <> (SELECT id FROM probe)
   )
   SELECT (SELECT id FROM probe) AS "probeDeliveryId",
          -- the statement's snapshot shows the state before its own update
          (SELECT id FROM probe) IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM endpoint_states WHERE platform_id = $1 AND environment = $2 AND paused_at IS NOT NULL) AS "isNewPause"`,
)

/** What a failed attempt came to: the delivery's next step, and whether it paused its endpoint just now. */
export interface RecordedFailure {
  next: FailureStep
  isNewPause: boolean
}

/**
 * Records a failed attempt in one transaction that holds the endpoint's row lock: one more
 * failure in a row for the endpoint, the delivery's next step as `decide` rules it, the attempt,
 * and when it asks, a probe appointed (see APPOINT_PROBE): the endpoint is then paused with every
 * other PENDING delivery held, or, with nothing left to probe, no longer paused.
 */
export function recordFailure(
  sql: Sql,
  claim: ClaimedDelivery,
  outcome: AttemptOutcome,
  decide: (state: EndpointState) => FailureDecision,
  heldDeadAfterMs: number,
): Promise<RecordedFailure> {
  return sql.transaction(async (tx: SqlTx) => {
    const [state] = await tx.query<EndpointState>(COUNT_FAILURE, [claim.platformId, claim.environment, outcome.url ?? null])
    const { next, appointProbe } = decide(state ?? UNCOUNTED)
    const retryInMs = next.status === 'PENDING' ? next.retryInMs : null
    const status = next.status === 'HELD' ? 'PENDING' : next.status
    const updated = await tx.query(FAILED_DELIVERY, [claim.id, claim.attemptNumber, status, retryInMs, claim.replayId ?? null])
    await tx.query(FAILED_ATTEMPT, [
      claim.id, claim.attemptNumber, outcome.url ?? null, outcome.statusCode ?? null, outcome.latencyMs, outcome.error ?? null, outcome.payload ?? null,
    ])
    // a stale claim (expired and taken over) leaves the delivery and the probe to the newer one
    if (updated.length === 0 || !appointProbe) return { next, isNewPause: false }
    const [appointed] = await tx.query<{ isNewPause: boolean }>(APPOINT_PROBE, [claim.platformId, claim.environment, heldDeadAfterMs])
    return { next, isNewPause: appointed!.isNewPause }
  })
}

const POSTPONE = prepared(
  'webhooks_postpone_attempt',
  `WITH postponed AS (
     UPDATE webhook_deliveries
        SET attempt_count = attempt_count - 1, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000)
      WHERE id = $1 AND attempt_count = $2::int AND status = 'PENDING' AND replay_id IS NULL
     RETURNING id
   ), undone AS (
     DELETE FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM postponed) AND attempt_number = $2::int
   )
   -- a claim taken over meanwhile, or folded into a replay, leaves the delivery as it is: its attempt is
   -- recorded as one that sent nothing
   UPDATE delivery_attempts SET finished_at = now(), latency_ms = 0, error = $4
    WHERE delivery_id = $1 AND attempt_number = $2::int AND NOT EXISTS (SELECT 1 FROM postponed)`,
)

/**
 * Takes back a claim whose attempt could not be made (the platform service did not say where the
 * delivery goes), in one statement: the claim's attempt is undone and the delivery falls due again
 * after `retryInMs`, with its retry schedule and its endpoint's failure count untouched, since
 * nothing reached the receiver.
 */
export async function postponeAttempt(sql: Sql, claim: ClaimedDelivery, retryInMs: number, reason: string): Promise<void> {
  await sql.query(POSTPONE, [claim.id, claim.attemptNumber, retryInMs, reason])
}
