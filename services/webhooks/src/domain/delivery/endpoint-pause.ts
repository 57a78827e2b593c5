import type { AttemptOutcome, EndpointState, FailureDecision } from '../../db/attempts.db.js'
import { releaseOrphanedHolds } from '../../db/endpoint-states.db.js'
import type { ClaimedDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { DeliverySettings } from './settings.js'
import { nextRetryDelayMs } from './retry-schedule.js'

/**
 * What a failed attempt does to the delivery and to its tenant's endpoint.
 *
 * An endpoint fails `pauseAfterFailures` attempts in a row (any of its deliveries) and is paused:
 * from then on a single probe, its oldest undelivered delivery, is attempted on its own retry schedule,
 * and every other delivery of the tenant is HELD (PENDING, no due time), so a dead receiver with
 * thousands queued costs one attempt per retry period and no work in between. The first 2xx
 * resumes the endpoint and releases the backlog, oldest first.
 *
 * Dead-lettering of the backlog: a held delivery is not attempted, so it cannot use up a schedule
 * of its own. When the probe is dead-lettered (the endpoint failed for a whole schedule), every
 * held delivery queued at least the schedule's span ago goes DEAD with it, having waited as long
 * as any delivery is retried; the oldest remaining one becomes the next probe, due at once. A
 * delivery is thus dead-lettered between one and two spans after it was queued, never before
 * the endpoint has failed for a whole span, and never by a single unlucky attempt.
 */
export function decideAfterFailure(settings: DeliverySettings, claim: ClaimedDelivery, state: EndpointState): FailureDecision {
  const isPaused = state.probeDeliveryId !== null
  if (isPaused && state.probeDeliveryId !== claim.id) return { next: { status: 'HELD' }, appointProbe: false }
  const retryInMs = nextRetryDelayMs(settings.retryScheduleMs, claim.attemptNumber, settings.retryJitterRatio)
  if (retryInMs === undefined) return { next: { status: 'DEAD' }, appointProbe: isPaused || state.consecutiveFailures >= settings.pauseAfterFailures }
  return { next: { status: 'PENDING', retryInMs }, appointProbe: !isPaused && state.consecutiveFailures >= settings.pauseAfterFailures }
}

/**
 * The kind of failure an attempt met, for the metric and the log line of a pause: a bounded set
 * (the HTTP status class, not the status), so a metric labelled by it stays small.
 */
export function failureClass(outcome: Pick<AttemptOutcome, 'statusCode' | 'error'>): string {
  if (outcome.statusCode !== undefined) return `http_${Math.floor(outcome.statusCode / 100)}xx`
  if (outcome.error?.startsWith('timeout')) return 'timeout'
  if (outcome.error?.startsWith('endpoint address refused')) return 'address_refused'
  if (outcome.error?.startsWith('connection failed')) return 'connection_failed'
  return 'other'
}

/** How long a held delivery waits before it may be dead-lettered with a probe: the retry schedule's span. */
export const heldDeadAfterMs = (settings: DeliverySettings): number => settings.retryScheduleMs.reduce((sum, ms) => sum + ms, 0)

/**
 * At start-up: a process that stopped between recording the success that resumed an endpoint
 * and releasing its backlog left those deliveries held with nothing to release them.
 */
export const resumeOrphanedBacklogs = (deps: Pick<WebhooksDeps, 'sql'>): Promise<void> => releaseOrphanedHolds(deps.sql)
