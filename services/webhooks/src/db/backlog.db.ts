import { prepared } from '@pp/db'
import type { Sql } from './client.js'

export interface Backlog {
  /** Pending deliveries whose next attempt is due now or was due already. */
  due: number
  /** Pending deliveries waiting for a later retry or for their paused endpoint's probe. */
  waiting: number
  /** Seconds since the oldest due delivery fell due: how far the workers are behind. */
  oldestDueSeconds: number
}

// the partial indexes of due and held rows answer it; a scrape every few seconds at most
const BACKLOG = prepared(
  'webhooks_backlog',
  `SELECT count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
          count(*) FILTER (WHERE next_attempt_at IS NULL OR next_attempt_at > now())::int AS waiting,
          coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float8 AS oldest_due_seconds
     FROM webhook_deliveries WHERE status = 'PENDING'`,
)

export async function readBacklog(sql: Sql): Promise<Backlog> {
  const [row] = await sql.query<{ due: number; waiting: number; oldest_due_seconds: number }>(BACKLOG, [])
  return { due: row!.due, waiting: row!.waiting, oldestDueSeconds: row!.oldest_due_seconds }
}
