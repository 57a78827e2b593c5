import { prepared, type PruneRule, type SqlRunner } from '@pp/db'
import { newId } from '@pp/ids'
import type { Origin } from '@pp/tenancy'
import { currentTraceparent } from '@pp/tracing'
import { eventSubject, type EventEnvelope } from './envelope.js'

/** The part of a Prisma transaction client the outbox needs; any service's client fits. */
export interface RawExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>
}

export interface NewEvent<T> {
  type: string
  platformId: string
  environment: string
  /** The request that caused it (see EventEnvelope); left out when none did. */
  requestId?: string
  data: T
}

/**
 * The envelope fields of whose event it is and, when a request caused it, which one; no others
 * (the origin may be a whole Caller, or a bare Tenant).
 */
export const originFields = ({ platformId, environment, requestId }: Origin): Origin =>
  requestId === undefined ? { platformId, environment } : { platformId, environment, requestId }

/** An event as an outbox row: the envelope and the subject the relay publishes it on. */
export interface OutboxRecord<T> {
  envelope: EventEnvelope<T>
  subject: string
}

/** A new event's outbox row, for a service that inserts it with its own statement (the same transaction as its change). */
export function outboxRecord<T>(source: string, event: NewEvent<T>): OutboxRecord<T> {
  const traceparent = currentTraceparent()
  const envelope: EventEnvelope<T> = {
    id: newId('Event'),
    source,
    occurredAt: new Date().toISOString(),
    ...event,
    ...(traceparent && { traceparent }),
  }
  return { envelope, subject: eventSubject(source, event.type) }
}

/**
 * Records an event inside the caller's transaction (Prisma), so the state change and its event
 * commit together or not at all; the relay publishes it afterwards.
 */
export async function writeOutbox<T>(tx: RawExecutor, source: string, event: NewEvent<T>): Promise<EventEnvelope<T>> {
  const { envelope, subject } = outboxRecord(source, event)
  await tx.$executeRawUnsafe(
    'INSERT INTO "outbox_events" ("id", "subject", "payload") VALUES ($1, $2, $3::jsonb)',
    envelope.id,
    subject,
    JSON.stringify(envelope),
  )
  return envelope
}

/**
 * The INSERT of outbox rows from three array parameters starting at `$first` (ids, subjects,
 * envelopes, as `outboxValues` gives them), for a statement that embeds its events (a CTE of a
 * change's one statement); with `guard` (a CTE of that statement), written only when it has a row.
 */
export const outboxInsert = (first: number, guard?: string): string =>
  `INSERT INTO outbox_events (id, subject, payload)
   SELECT e.id, e.subject, e.payload FROM unnest($${first}::text[], $${first + 1}::text[], $${first + 2}::jsonb[]) AS e(id, subject, payload)` +
  (guard === undefined ? '' : `\n    WHERE EXISTS (SELECT 1 FROM ${guard})`)

/** The three array parameters of `outboxInsert`: the rows' ids, subjects and envelopes. */
export const outboxValues = (records: OutboxRecord<unknown>[]): [string[], string[], string[]] => [
  records.map((r) => r.envelope.id),
  records.map((r) => r.subject),
  records.map((r) => JSON.stringify(r.envelope)),
]

const INSERT_OUTBOX = prepared('outbox_insert', outboxInsert(1))

/**
 * Records events inside the caller's transaction on the prepared-statement pool (`SqlRunner`), all
 * of them in one statement; the relay publishes them after commit.
 */
export async function writeOutboxRecords(sql: SqlRunner, records: OutboxRecord<unknown>[]): Promise<void> {
  if (records.length === 0) return
  await sql.query(INSERT_OUTBOX, outboxValues(records))
}

/**
 * The outbox rows the relay published (it sets published_at) longer ago than `keepMs`, through
 * each service's partial index on published_at. Unpublished rows have none and always stay.
 */
export const publishedOutboxEvents = (keepMs: number): PruneRule => ({
  name: 'outbox_events',
  table: 'outbox_events',
  since: 'published_at',
  keepMs,
})
