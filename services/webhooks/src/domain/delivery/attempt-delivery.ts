import { postponeAttempt, recordDelivered, recordFailure, type AttemptOutcome, type EndpointState, type FailureStep } from '../../db/attempts.db.js'
import { holdWithoutEndpoint, releaseHeldDeliveries } from '../../db/endpoint-states.db.js'
import type { ClaimedDelivery } from '../../db/deliveries.db.js'
import { counter, histogram } from '@pp/metrics'
import { inSpan, SpanKind, tracingEnabled } from '@pp/tracing'
import type { WebhooksDeps } from '../deps.js'
import { decideAfterFailure, failureClass, heldDeadAfterMs } from './endpoint-pause.js'
import { webhookBody } from '../webhooks/body.js'
import { webhookHeaders } from './headers.js'

const attempts = counter('webhook_attempts_total', 'Webhook delivery attempts, by outcome', ['outcome'])
const endpointSeconds = histogram('webhook_endpoint_response_seconds', 'Time platform endpoints took to answer an attempt')
const deliverySeconds = histogram('webhook_delivery_latency_seconds', 'Time from a webhook\'s queueing to the attempt that delivered it, retries included')
const pauses = counter('webhook_endpoint_pauses_total', 'Platform endpoints paused after failing attempts in a row, by platform and the failure that paused it', [
  'platform_id', 'environment', 'reason',
])

/** Why an attempt sends nothing while the platform has no endpoint, as the log and the attempt say. */
export const NO_ENDPOINT = 'no webhookEndpoint is configured: held until one is set'

/**
 * What became of a claimed delivery: delivered; POSTPONED when no attempt could be made (its
 * endpoint could not be learned); HELD_FOR_ENDPOINT when the platform has none; or a failure's
 * next step, naming the failure when it paused the endpoint just now.
 */
export type NextStep =
  | { status: 'DELIVERED' }
  | { status: 'POSTPONED' }
  | { status: 'HELD_FOR_ENDPOINT' }
  | (FailureStep & { pausedBecause?: string })

/**
 * Makes one attempt of a claimed delivery: to the tenant's endpoint as the claim read it, the
 * body stamped with the time it is sent and signed with the environment's key of that moment, the
 * POST, then the outcome (with the body sent) and the next step recorded. A failure counts against
 * the endpoint and may pause it (see endpoint-pause.ts); a success resumes a paused endpoint and
 * releases its backlog.
 *
 * No endpoint configured is no failure: nothing is sent or counted, and the tenant's deliveries
 * are held until one is set (see holdWithoutEndpoint). A tenant this service knows nothing of yet
 * has its configuration asked of the platform service first; when that service does not answer,
 * the outage is ours, not the receiver's: no attempt is made or counted, and the delivery is
 * postponed a moment (a replay's delivery instead ends the replay's run, which resumes from it
 * when its lease ends, as it does when there is no endpoint).
 */
export async function attemptDelivery(deps: WebhooksDeps, claim: ClaimedDelivery): Promise<NextStep> {
  const endpoint = await endpointOf(deps, claim).then(
    (url) => ({ url }),
    (err: unknown) => ({ unknownBecause: `platform configuration unavailable: ${(err as Error).message}` }),
  )
  if ('unknownBecause' in endpoint) {
    if (claim.replayId) throw new Error(endpoint.unknownBecause)
    await postponeAttempt(deps.attemptsSql, claim, deps.settings.endpointUnknownRetryMs, endpoint.unknownBecause)
    return { status: 'POSTPONED' }
  }
  if (!endpoint.url) {
    if (claim.replayId) throw new Error(NO_ENDPOINT)
    return (await holdWithoutEndpoint(deps.attemptsSql, claim, NO_ENDPOINT)) ? { status: 'HELD_FOR_ENDPOINT' } : { status: 'POSTPONED' }
  }
  return sendTo(deps, claim, endpoint.url)
}

async function endpointOf(deps: WebhooksDeps, claim: ClaimedDelivery): Promise<string | undefined> {
  return claim.isEndpointKnown ? claim.endpointUrl : (await deps.endpointDirectory.learn(claim)).url
}

async function sendTo(deps: WebhooksDeps, claim: ClaimedDelivery, url: string): Promise<NextStep> {
  const post = () => postToEndpoint(deps, claim, url)
  const attributes = { 'webhook.type': claim.webhookType, 'webhook.attempt': claim.attemptNumber }
  const { isSuccess, ...outcome } = await (tracingEnabled() ? inSpan('deliver webhook', { kind: SpanKind.CLIENT, parent: claim.traceParent, attributes }, post) : post())
  attempts.inc({ outcome: isSuccess ? 'delivered' : 'failed' })
  endpointSeconds.observe(outcome.latencyMs / 1000)
  if (isSuccess) {
    // a replay re-sends on request: its wait since queueing says nothing of the pipeline's latency
    if (!claim.replayId) deliverySeconds.observe((Date.now() - claim.queuedAt.getTime()) / 1000)
    if (await recordDelivered(deps.attemptsSql, claim, outcome)) await releaseHeldDeliveries(deps.attemptsSql, claim)
    return { status: 'DELIVERED' }
  }
  const decide = (state: EndpointState) => decideAfterFailure(deps.settings, claim, state)
  const { next, isNewPause } = await recordFailure(deps.attemptsSql, claim, outcome, decide, heldDeadAfterMs(deps.settings))
  if (!isNewPause) return next
  const reason = failureClass(outcome)
  pauses.inc({ platform_id: claim.platformId, environment: claim.environment, reason })
  return { ...next, pausedBecause: `${reason}: ${outcome.error ?? 'no answer'}` }
}

async function postToEndpoint(deps: WebhooksDeps, claim: ClaimedDelivery, url: string): Promise<AttemptOutcome & { isSuccess: boolean }> {
  const payload = webhookBody(claim, claim.content, new Date())
  const headers = webhookHeaders({ ...claim, signature: deps.keys.sign(claim.environment, payload) })
  const result = await deps.post({ url, environment: claim.environment, body: payload, headers, timeoutMs: deps.settings.requestTimeoutMs })
  return { isSuccess: result.isSuccess, url, statusCode: result.statusCode, latencyMs: result.latencyMs, error: result.error, payload }
}
