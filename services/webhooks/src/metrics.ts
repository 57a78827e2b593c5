import { gauge } from '@pp/metrics'
import { readBacklog } from './db/backlog.db.js'
import type { Sql } from './db/client.js'

/**
 * The delivery queue's backlog, read from the database (one statement) when Prometheus scrapes;
 * every replica answers for the whole queue.
 */
export function reportBacklog(sql: Sql): void {
  // set by the backlog gauge's collection, which reads both at once
  const oldestDue = gauge('webhook_backlog_oldest_due_seconds', 'How long the oldest due webhook delivery has waited for an attempt')
  gauge('webhook_backlog_deliveries', 'Pending webhook deliveries, due now or waiting for a retry or a paused endpoint', ['state'], async function collect() {
    const backlog = await readBacklog(sql)
    this.set({ state: 'due' }, backlog.due)
    this.set({ state: 'waiting' }, backlog.waiting)
    oldestDue.set(backlog.oldestDueSeconds)
  })
}
