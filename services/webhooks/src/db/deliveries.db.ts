import { prepared, sqlOf, type SqlRunner } from '@pp/db'
import type { Environment, Tenant } from '../domain/types.js'
import type { Sql, Tx } from './client.js'

export interface NewDelivery extends Tenant {
  id: string
  eventId: string
  requestId: string | undefined
  traceParent: string | undefined
  webhookType: string
  /** The body's fields after `timestamp` (see webhookContent). */
  content: string
  /** A type beyond the reference's list: queued only for a tenant whose configuration turns those on. */
  isExtensionType: boolean
}

/** A delivery claimed for one attempt; `attemptNumber` is the attempt this claim makes. */
export interface ClaimedDelivery {
  id: string
  platformId: string
  environment: Environment
  webhookType: string
  content: string
  attemptNumber: number
  /** The source event's trace context, when traced. */
  traceParent?: string
  /** When the delivery was queued (its event consumed). */
  queuedAt: Date
  /** Set when a replay makes this attempt: a delivery folded into that replay returns to its schedule after it. */
  replayId?: string
  /** Whether this service knows the tenant's configuration; when it does, `endpointUrl` is its endpoint (undefined: none). */
  isEndpointKnown: boolean
  endpointUrl?: string
}

export interface ClaimOptions {
  limit: number
  /** Attempts this worker may still start per tenant key ("<platformId> <environment>") that has some in flight. */
  remainingByTenant: Record<string, number>
  /** Attempts this worker may start for a tenant with none in flight. */
  perTenantLimit: number
  leaseMs: number
}

/**
 * What came of queueing: nothing (a redelivered event, or a type beyond the reference the tenant
 * has not turned on), due now, or held behind a paused endpoint or one not configured.
 */
export type InsertOutcome = 'DUPLICATE' | 'NOT_WANTED' | 'DUE' | 'HELD'

/** Every replica LISTENs here: a delivery of the tenant named by the payload (its `tenantKey`) fell due. */
export const DUE_CHANNEL = 'webhook_deliveries_due'

export const INTERRUPTED = 'interrupted: no outcome was recorded before the claim expired (process stopped or stalled)'

/**
 * The CTEs that start an attempt of each row of a `claimed` CTE (its id and new attempt_count): the
 * attempt row, written with the claim, and an earlier attempt that never recorded its outcome
 * marked interrupted with the text of parameter `interruptedParam`.
 */
export const startAttempts = (interruptedParam: string): string => `interrupted AS (
     UPDATE delivery_attempts a SET finished_at = now(), error = ${interruptedParam}
       FROM claimed c
      WHERE a.delivery_id = c.id AND a.finished_at IS NULL
   ), started AS (
     INSERT INTO delivery_attempts (delivery_id, attempt_number) SELECT id, attempt_count FROM claimed
   )`

const INSERT = prepared(
  'webhooks_insert_delivery',
  `WITH endpoint AS (
     -- shares the lock of the endpoint's row whether or not it is paused: a failure being counted holds
     -- it until the pause it may start commits, so this insert either commits first (and the pause's
     -- statement holds it) or waits and reads the pause. Only a pause on a tenant's very first failure
     -- (WEBHOOK_PAUSE_AFTER_FAILURES=1) has no row yet to wait on: a racing insert stays due, and is
     -- held after its one attempt
     SELECT paused_at IS NOT NULL AS is_paused FROM endpoint_states
      WHERE platform_id = $3 AND environment = $4
      FOR SHARE
   ), wanted AS (
     SELECT NOT $9::boolean OR EXISTS (SELECT 1 FROM endpoint_configs WHERE platform_id = $3 AND environment = $4 AND extended_types) AS is_wanted
   ), inserted AS (
     INSERT INTO webhook_deliveries (id, event_id, platform_id, environment, webhook_type, content, request_id, trace_parent, status, next_attempt_at)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', CASE WHEN EXISTS (SELECT 1 FROM endpoint WHERE is_paused) THEN NULL ELSE now() END
      WHERE (SELECT is_wanted FROM wanted)
     ON CONFLICT (event_id) DO NOTHING
     RETURNING next_attempt_at IS NULL AS is_held
   )
   SELECT (SELECT is_wanted FROM wanted) AS "isWanted", is_held AS "isHeld",
          CASE WHEN NOT is_held THEN pg_notify('${DUE_CHANNEL}', $3 || ' ' || $4) END AS notified
     FROM (SELECT 1) one LEFT JOIN inserted ON true`,
)

/**
 * Queues the webhook of an event: due now, or held when its endpoint is paused or not configured
 * (it then costs nothing until the endpoint answers again, or is set). A due delivery is announced
 * on DUE_CHANNEL at commit, so every replica's worker may take it, this one's included.
 */
export async function insertDelivery(sql: SqlRunner, delivery: NewDelivery): Promise<InsertOutcome> {
  const [row] = await sql.query<{ isWanted: boolean; isHeld: boolean | null }>(INSERT, [
    delivery.id, delivery.eventId, delivery.platformId, delivery.environment, delivery.webhookType, delivery.content,
    delivery.requestId ?? null, delivery.traceParent ?? null, delivery.isExtensionType,
  ])
  if (!row!.isWanted) return 'NOT_WANTED'
  if (row!.isHeld === null) return 'DUPLICATE'
  return row!.isHeld ? 'HELD' : 'DUE'
}

/** The claim reads where each delivery goes with it: the tenant's endpoint as this service knows it. */
export const ENDPOINT_COLUMNS = 'e.url AS "endpointUrl", e.platform_id IS NOT NULL AS "isEndpointKnown"'
export const JOIN_ENDPOINT = 'LEFT JOIN endpoint_configs e ON e.platform_id = c.platform_id AND e.environment = c.environment'

const CLAIM = prepared(
  'webhooks_claim_due_deliveries',
  `WITH RECURSIVE tenants AS (
     -- one probe of the due index per tenant with rows that have a due time (a loose index scan), each
     -- giving its earliest; a paused tenant's held rows are not in that index
     (SELECT platform_id, environment, next_attempt_at FROM webhook_deliveries
       WHERE next_attempt_at IS NOT NULL
       ORDER BY platform_id, environment, next_attempt_at LIMIT 1)
     UNION ALL
     SELECT next.platform_id, next.environment, next.next_attempt_at
       FROM tenants t, LATERAL (
         SELECT platform_id, environment, next_attempt_at FROM webhook_deliveries
          WHERE next_attempt_at IS NOT NULL AND (platform_id, environment) > (t.platform_id, t.environment)
          ORDER BY platform_id, environment, next_attempt_at LIMIT 1) next
   ), eligible AS MATERIALIZED (
     SELECT d.id, d.rank, d.next_attempt_at
       FROM tenants t, LATERAL (
         -- the tenant's due rows in due order, no more than it may still start
         SELECT id, next_attempt_at, row_number() OVER (ORDER BY next_attempt_at, id) AS rank
           FROM webhook_deliveries
          WHERE platform_id = t.platform_id AND environment = t.environment AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT GREATEST(0, COALESCE(($1::jsonb ->> (t.platform_id || ' ' || t.environment))::int, $2::int))) d
      WHERE t.next_attempt_at <= now()
      ORDER BY d.rank, d.next_attempt_at, d.id
      LIMIT $3::int
   ), picked AS (
     -- by primary key alone, so the few candidates drive the plan whatever the statistics say
     SELECT id FROM webhook_deliveries WHERE id = ANY(ARRAY(SELECT id FROM eligible)) FOR UPDATE SKIP LOCKED
   ), claimed AS (
     UPDATE webhook_deliveries d
        SET attempt_count = d.attempt_count + 1,
            next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)
       FROM picked
      -- checked again on the locked row: another worker may have claimed it since the ranking read it.
      -- Written as a CASE so that no index but the primary key matches: statistics read while the
      -- queue was empty make the due index look free, and a backlog would then be scanned whole
      WHERE d.id = picked.id AND CASE WHEN d.next_attempt_at IS NOT NULL THEN d.next_attempt_at <= now() END
     RETURNING d.id, d.platform_id, d.environment, d.webhook_type, d.content, d.attempt_count, d.trace_parent, d.created_at
   ), ${startAttempts('$5')}
   -- one row even when nothing is claimed, to carry the next due time: the earliest of the tenants with
   -- nothing due now, read in the claim's own snapshot and at its now(). A tenant with rows due now was
   -- claimed from, or is at its limit: either way an attempt of its own is in flight, and that attempt's
   -- end claims again (this worker's, or, for another replica's, the lease's end seen on a later claim)
   SELECT c.id, c.platform_id AS "platformId", c.environment, c.webhook_type AS "webhookType", c.content,
          c.attempt_count AS "attemptNumber", c.trace_parent AS "traceParent", c.created_at AS "queuedAt", n.next_due_at AS "nextDueAt",
          ${ENDPOINT_COLUMNS}
     FROM (SELECT min(next_attempt_at) AS next_due_at FROM tenants WHERE next_attempt_at > now()) n
     LEFT JOIN claimed c ON true
     ${JOIN_ENDPOINT}`,
)

export interface Claim {
  deliveries: ClaimedDelivery[]
  /** When the earliest delivery not yet due falls due (a retry, a probe, a lease's end); undefined when none waits for a time. */
  nextDueAt: Date | undefined
}

/** A claimed delivery as a statement returns it: NULL where the delivery leaves a field out. */
export type ClaimedRow = Omit<ClaimedDelivery, 'traceParent' | 'endpointUrl'> & { traceParent: string | null; endpointUrl: string | null }

export const claimedDelivery = ({ traceParent, endpointUrl, ...row }: ClaimedRow): ClaimedDelivery => ({
  ...row, ...(traceParent && { traceParent }), ...(endpointUrl && { endpointUrl }),
})

type ClaimRow = (ClaimedRow | { [K in keyof ClaimedRow]: null }) & { nextDueAt: Date | null }

/**
 * Claims due deliveries for one attempt each, in one statement. A claim moves `next_attempt_at`
 * a lease ahead, so no other worker takes the row while the attempt runs, and a worker that dies
 * mid-attempt only delays it by the lease. Rows are ranked within their tenant and taken rank by
 * rank (round robin), never more per tenant than it may still start, so a tenant with a backlog
 * or a dead receiver cannot take the slots of the others. Every read goes through the tenant due
 * index: the cost grows with the tenants that have undelivered rows and the rows taken, not with
 * the size of any backlog. The attempt row is written with the claim; an earlier attempt that
 * never recorded its outcome is marked interrupted. The same statement answers when to claim
 * next, from the tenants' earliest due times it has read anyway.
 */
export async function claimDueDeliveries(sql: Sql, options: ClaimOptions): Promise<Claim> {
  const rows = await sql.query<ClaimRow>(CLAIM, [
    JSON.stringify(options.remainingByTenant), options.perTenantLimit, options.limit, options.leaseMs, INTERRUPTED,
  ])
  const deliveries = rows.filter((row): row is ClaimedRow & { nextDueAt: Date | null } => row.id !== null)
  return {
    deliveries: deliveries.map(({ nextDueAt: _, ...delivery }) => claimedDelivery(delivery)),
    nextDueAt: rows[0]?.nextDueAt ?? undefined,
  }
}

const REQUEUE = prepared(
  'webhooks_requeue_delivery',
  `WITH target AS (
     SELECT id FROM webhook_deliveries WHERE id = $1 AND platform_id = $2 AND environment = $3 FOR UPDATE
   ), requeued AS (
     UPDATE webhook_deliveries d SET status = 'PENDING', next_attempt_at = now(), delivered_at = NULL, dead_at = NULL
       FROM target t
      WHERE d.id = t.id
        -- folded into a replay: the replay sends it next
        AND d.replay_id IS NULL
        -- its latest attempt still in flight is the one more attempt already
        AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.id AND a.attempt_number = d.attempt_count AND a.finished_at IS NULL)
     RETURNING d.id
   )
   -- pg_notify answers void, which Prisma cannot read: counted instead
   SELECT t.id, (SELECT count(*) FROM (SELECT pg_notify('${DUE_CHANNEL}', $2 || ' ' || $3) FROM requeued) n)::int AS notified FROM target t`,
)

/**
 * Makes the tenant's delivery due now, in the caller's transaction: a DELIVERED or DEAD one is
 * PENDING again for one more attempt (and what is left of its retry schedule), a waiting PENDING
 * one is due at once. One with an attempt in flight, or folded into a replay, is left as it is,
 * so a redelivery never runs beside another attempt. False when the tenant has no such delivery.
 */
export async function requeueDelivery(tx: Tx, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await sqlOf(tx).query(REQUEUE, [id, tenant.platformId, tenant.environment])
  return rows.length > 0
}
