import type { Arrival } from '../webhook-receiver.js'
import { percentile } from '../stats.js'

export const WEBHOOK_METHOD =
  "the payments run's own webhooks at a local receiver; rate = deliveries / time from the first to the last arrival " +
  '(bounded by how fast the payments produce events); latency = arrival - the webhook timestamp (when its event happened)'

const QUIET_MS = 3_000
const DRAIN_LIMIT_MS = 60_000

export interface WebhookFigures {
  delivered: number
  perSecond: number
  p50: number
  p99: number
}

/** Waits until no webhook has arrived for a few seconds (at most a minute): the backlog is delivered. */
export async function drainWebhooks(arrivals: Arrival[]): Promise<void> {
  const deadline = Date.now() + DRAIN_LIMIT_MS
  while (Date.now() < deadline && Date.now() - (arrivals.at(-1)?.arrivedAt ?? 0) < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The webhooks of events that happened from `since` (epoch ms) on. */
export function webhookFigures(arrivals: Arrival[], since: number): WebhookFigures {
  const measured = arrivals.filter((a) => a.occurredAt >= since)
  const span = (measured.at(-1)?.arrivedAt ?? 0) - (measured[0]?.arrivedAt ?? 0)
  const latencies = measured.map((a) => a.arrivedAt - a.occurredAt)
  return {
    delivered: measured.length,
    perSecond: span > 0 ? (measured.length / span) * 1000 : 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}
