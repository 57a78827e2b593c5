import type { PruneRule } from '@pp/db'
import type { AttemptView, DeliveryStatus, DeliveryView, Tenant, WaitingFor } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { AttemptOutcome } from './attempts.db.js'
import type { Prisma } from './generated/client.js'

export interface LogFilter {
  status?: DeliveryStatus
  webhookType?: string
  /** Created at or after this time. */
  createdAfter?: Date
  /** Created at or before this time. */
  createdBefore?: Date
}

export interface LogPageQuery extends LogFilter {
  limit: number
  /** Only deliveries with an id below this one (ids are uuid v7: newer sorts higher). */
  beforeId?: string
}

export interface CompletedTestDelivery extends Tenant {
  id: string
  requestId: string
  webhookType: string
  content: string
  isDelivered: boolean
  startedAt: Date
  outcome: AttemptOutcome
}

const withAttempts = { attempts: { orderBy: { attemptNumber: 'asc' } } } as const

type Row = Prisma.WebhookDeliveryGetPayload<{ include: typeof withAttempts }>

const where = (tenant: Tenant, filter: LogFilter): Prisma.WebhookDeliveryWhereInput => ({
  platformId: tenant.platformId,
  environment: tenant.environment,
  status: filter.status,
  webhookType: filter.webhookType,
  createdAt: filter.createdAfter || filter.createdBefore ? { gte: filter.createdAfter, lte: filter.createdBefore } : undefined,
})

/** Why the tenant's deliveries are held, if they are: the reason of its endpoint's pause. */
const pauseReasonOf = async (db: Db | Tx, tenant: Tenant): Promise<string | undefined> =>
  (await open(db).endpointState.findUnique({ where: { platformId_environment: { platformId: tenant.platformId, environment: tenant.environment } }, select: { pauseReason: true } }))
    ?.pauseReason ?? undefined

/** One page of the tenant's log, newest first, one row more than asked so the caller knows if more follow. */
export async function findLogPage(db: Db, tenant: Tenant, query: LogPageQuery): Promise<{ rows: DeliveryView[]; totalCount: number }> {
  const [rows, totalCount, pauseReason] = await Promise.all([
    open(db).webhookDelivery.findMany({
      where: { ...where(tenant, query), id: query.beforeId ? { lt: query.beforeId } : undefined },
      include: withAttempts,
      orderBy: { id: 'desc' },
      take: query.limit + 1,
    }),
    open(db).webhookDelivery.count({ where: where(tenant, query) }),
    pauseReasonOf(db, tenant),
  ])
  return { rows: rows.map((row) => toView(row, pauseReason)), totalCount }
}

export async function findDelivery(db: Db | Tx, tenant: Tenant, id: string): Promise<DeliveryView | undefined> {
  const row = await open(db).webhookDelivery.findFirst({ where: { ...where(tenant, {}), id }, include: withAttempts })
  return row ? toView(row, isWaiting(row) ? await pauseReasonOf(db, tenant) : undefined) : undefined
}

/** A test webhook is sent before it is recorded: it goes into the log already finished, with its one attempt. */
export async function insertCompletedTestDelivery(db: Db, test: CompletedTestDelivery): Promise<void> {
  const finishedAt = new Date()
  await open(db).webhookDelivery.create({
    data: {
      id: test.id,
      platformId: test.platformId,
      environment: test.environment,
      requestId: test.requestId,
      webhookType: test.webhookType,
      content: test.content,
      status: test.isDelivered ? 'DELIVERED' : 'DEAD',
      attemptCount: 1,
      deliveredAt: test.isDelivered ? finishedAt : null,
      deadAt: test.isDelivered ? null : finishedAt,
      createdAt: test.startedAt,
      attempts: { create: { attemptNumber: 1, startedAt: test.startedAt, finishedAt, ...test.outcome } },
    },
  })
}

/**
 * The deliveries delivered or dead longer ago than `keepMs`, which leave the log with their
 * attempts (ON DELETE CASCADE), through the index on the time they finished; a PENDING delivery
 * has no such time and stays whatever its age.
 */
export const finishedDeliveries = (keepMs: number): PruneRule => ({
  name: 'webhook_deliveries',
  table: 'webhook_deliveries',
  since: 'COALESCE(delivered_at, dead_at)',
  keepMs,
})

/**
 * The deliveries held for a tenant that has no webhookEndpoint (its endpoint state paused for
 * NO_ENDPOINT) and queued longer ago than `keepMs`: dropped, through the index of held rows by age,
 * so a platform that never sets an endpoint leaves bounded storage. Those of a tenant paused for
 * failures are dead-lettered with its probe instead (see endpoint-pause.ts).
 */
export const deliveriesHeldWithoutEndpoint = (keepMs: number): PruneRule => ({
  name: 'webhook_deliveries_without_endpoint',
  table: 'webhook_deliveries',
  since: 'created_at',
  where: `status = 'PENDING' AND next_attempt_at IS NULL AND replay_id IS NULL
    AND EXISTS (SELECT 1 FROM endpoint_states s WHERE s.platform_id = webhook_deliveries.platform_id
                AND s.environment = webhook_deliveries.environment AND s.pause_reason = 'NO_ENDPOINT')`,
  keepMs,
})

const orUndefined = <T>(value: T | null): T | undefined => value ?? undefined

const isWaiting = (row: Row): boolean => row.status === 'PENDING' && row.nextAttemptAt === null

function waitingFor(row: Row, pauseReason: string | undefined): WaitingFor | undefined {
  if (!isWaiting(row)) return undefined
  if (row.replayId !== null) return 'REPLAY'
  return pauseReason === 'NO_ENDPOINT' ? 'WEBHOOK_ENDPOINT' : 'ENDPOINT_PROBE'
}

function toView(row: Row, pauseReason: string | undefined): DeliveryView {
  return {
    id: row.id,
    eventId: orUndefined(row.eventId),
    webhookType: row.webhookType,
    status: row.status as DeliveryStatus,
    attemptCount: row.attemptCount,
    nextAttemptAt: orUndefined(row.nextAttemptAt),
    deliveredAt: orUndefined(row.deliveredAt),
    deadAt: orUndefined(row.deadAt),
    createdAt: row.createdAt,
    payload: orUndefined(row.attempts.findLast((a) => a.payload !== null)?.payload ?? null),
    requestId: orUndefined(row.requestId),
    waitingFor: waitingFor(row, pauseReason),
    attempts: row.attempts.map(
      (a): AttemptView => ({
        attemptNumber: a.attemptNumber,
        startedAt: a.startedAt,
        finishedAt: orUndefined(a.finishedAt),
        url: orUndefined(a.url),
        statusCode: orUndefined(a.statusCode),
        latencyMs: orUndefined(a.latencyMs),
        error: orUndefined(a.error),
        payload: orUndefined(a.payload),
      }),
    ),
  }
}
