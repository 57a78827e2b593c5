import type { Environment, Tenant } from '../domain/types.js'
import type { Db } from './client.js'

export interface NewDelivery extends Tenant {
  id: string
  eventId: string
  webhookType: string
  payload: string
  signature: string
}

/** A delivery claimed for one attempt; `attemptNumber` is the attempt this claim makes. */
export interface ClaimedDelivery {
  id: string
  platformId: string
  environment: Environment
  webhookType: string
  payload: string
  signature: string
  attemptNumber: number
}

export interface ClaimOptions {
  limit: number
  /** Attempts this worker may still start per tenant key ("<platformId> <environment>") that has some in flight. */
  remainingByTenant: Record<string, number>
  /** Attempts this worker may start for a tenant with none in flight. */
  perTenantLimit: number
  leaseMs: number
}

export interface AttemptOutcome {
  url?: string
  statusCode?: number
  latencyMs: number
  error?: string
}

/** What becomes of the delivery after an attempt. */
export type NextStep = { status: 'DELIVERED' } | { status: 'PENDING'; retryInMs: number } | { status: 'DEAD' }

const INTERRUPTED = 'interrupted: no outcome was recorded before the claim expired (process stopped or stalled)'

/** Queues the webhook of an event, due now; false when the event already has one (a redelivery). */
export async function insertDelivery(db: Db, delivery: NewDelivery): Promise<boolean> {
  const inserted = await db.$executeRaw`
    INSERT INTO webhook_deliveries (id, event_id, platform_id, environment, webhook_type, payload, signature, status, next_attempt_at)
    VALUES (${delivery.id}, ${delivery.eventId}, ${delivery.platformId}, ${delivery.environment},
            ${delivery.webhookType}, ${delivery.payload}, ${delivery.signature}, 'PENDING', now())
    ON CONFLICT (event_id) DO NOTHING`
  return inserted === 1
}

/**
 * Claims due deliveries for one attempt each, in one statement. A claim moves `next_attempt_at`
 * a lease ahead, so no other worker takes the row while the attempt runs, and a worker that dies
 * mid-attempt only delays it by the lease. Rows are ranked within their tenant and taken rank by
 * rank (round robin), never more per tenant than it may still start, so a tenant with a backlog
 * or a dead receiver cannot take the slots of the others. The attempt row is written with the
 * claim; an earlier attempt that never recorded its outcome is marked interrupted.
 */
export function claimDueDeliveries(db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH ranked AS MATERIALIZED (
      SELECT id, platform_id, environment, next_attempt_at,
             -- byte order is enough to group by; it sorts twice as fast as the locale's
             row_number() OVER (PARTITION BY platform_id COLLATE "C", environment COLLATE "C" ORDER BY next_attempt_at) AS rank
        FROM webhook_deliveries
       WHERE status = 'PENDING' AND next_attempt_at <= now()
    ), eligible AS MATERIALIZED (
      SELECT id, rank, next_attempt_at FROM ranked
       WHERE rank <= COALESCE((${JSON.stringify(options.remainingByTenant)}::jsonb ->> (platform_id || ' ' || environment))::int,
                              ${options.perTenantLimit}::int)
       ORDER BY rank, next_attempt_at
       LIMIT ${options.limit}::int
    ), picked AS (
      -- by primary key alone, so the few candidates drive the plan whatever the statistics say
      SELECT id FROM webhook_deliveries WHERE id = ANY(ARRAY(SELECT id FROM eligible)) FOR UPDATE SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries d
         SET attempt_count = d.attempt_count + 1,
             next_attempt_at = now() + make_interval(secs => ${options.leaseMs}::double precision / 1000)
        FROM picked
       -- checked again on the locked row: another worker may have claimed it since the ranking read it
       WHERE d.id = picked.id AND d.status = 'PENDING' AND d.next_attempt_at <= now()
      RETURNING d.id, d.platform_id, d.environment, d.webhook_type, d.payload, d.signature, d.attempt_count
    ), interrupted AS (
      UPDATE delivery_attempts a SET finished_at = now(), error = ${INTERRUPTED}
        FROM claimed c
       WHERE a.delivery_id = c.id AND a.finished_at IS NULL
    ), started AS (
      INSERT INTO delivery_attempts (delivery_id, attempt_number) SELECT id, attempt_count FROM claimed
    )
    SELECT id, platform_id AS "platformId", environment, webhook_type AS "webhookType", payload, signature,
           attempt_count AS "attemptNumber"
      FROM claimed`
}

/**
 * Records an attempt's outcome and the delivery's next step, in one statement. The delivery
 * changes only if this attempt is still its latest (`attempt_count`): a worker whose claim
 * expired and was taken over records its attempt but leaves the delivery to the newer claim.
 */
export async function finishAttempt(db: Db, claim: ClaimedDelivery, outcome: AttemptOutcome, next: NextStep): Promise<void> {
  const retryInMs = next.status === 'PENDING' ? next.retryInMs : 0
  await db.$executeRaw`
    WITH attempt AS (
      UPDATE delivery_attempts
         SET finished_at = now(), url = ${outcome.url ?? null}, status_code = ${outcome.statusCode ?? null}::int,
             latency_ms = ${outcome.latencyMs}::int, error = ${outcome.error ?? null}
       WHERE delivery_id = ${claim.id} AND attempt_number = ${claim.attemptNumber}::int
    )
    UPDATE webhook_deliveries
       SET status = ${next.status}::text,
           next_attempt_at = CASE WHEN ${next.status}::text = 'PENDING'
                                  THEN now() + make_interval(secs => ${retryInMs}::double precision / 1000) END,
           delivered_at = CASE WHEN ${next.status}::text = 'DELIVERED' THEN now() END,
           dead_at = CASE WHEN ${next.status}::text = 'DEAD' THEN now() END
     WHERE id = ${claim.id} AND attempt_count = ${claim.attemptNumber}::int AND status = 'PENDING'`
}
