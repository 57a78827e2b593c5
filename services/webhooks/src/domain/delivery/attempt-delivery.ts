import { postponeAttempt, recordDelivered, recordFailure, releaseHeldDeliveries, type AttemptOutcome, type EndpointState, type NextStep } from '../../db/attempts.db.js'
import type { ClaimedDelivery } from '../../db/deliveries.db.js'
import { counter, histogram } from '@pp/metrics'
import { inSpan, SpanKind, tracingEnabled } from '@pp/tracing'
import type { WebhooksDeps } from '../deps.js'
import { decideAfterFailure, heldDeadAfterMs } from './endpoint-pause.js'
import { webhookBody } from '../webhooks/body.js'
import { webhookHeaders } from './headers.js'

const attempts = counter('webhook_attempts_total', 'Webhook delivery attempts, by outcome', ['outcome'])
const endpointSeconds = histogram('webhook_endpoint_response_seconds', 'Time platform endpoints took to answer an attempt')
const deliverySeconds = histogram('webhook_delivery_latency_seconds', 'Time from a webhook\'s queueing to the attempt that delivered it, retries included')

/**
 * Makes one attempt of a claimed delivery: the endpoint configured now, the body stamped with the
 * time it is sent and signed with the environment's key of that moment, the POST, then the outcome
 * (with the body sent) and the next step recorded. No endpoint configured counts as a failed attempt, so the
 * delivery waits out the retry schedule for one to be set and is dead-lettered after it. A
 * failure counts against the endpoint and may pause it (see endpoint-pause.ts); a success
 * resumes a paused endpoint and releases its backlog.
 *
 * When the platform service does not answer with the endpoint, the outage is ours, not the
 * receiver's: no attempt is made or counted, and the delivery is postponed a moment (a replay's
 * delivery instead ends the replay's run, which resumes from it when its lease ends).
 */
export async function attemptDelivery(deps: WebhooksDeps, claim: ClaimedDelivery): Promise<NextStep> {
  const endpoint = await deps.endpoints.endpointOf(claim).then(
    (url) => ({ url }),
    (err: unknown) => ({ unknownBecause: `platform configuration unavailable: ${(err as Error).message}` }),
  )
  if ('unknownBecause' in endpoint) {
    if (claim.replayId) throw new Error(endpoint.unknownBecause)
    await postponeAttempt(deps.attemptsSql, claim, deps.settings.endpointUnknownRetryMs, endpoint.unknownBecause)
    return { status: 'POSTPONED' }
  }
  const post = () => postToEndpoint(deps, claim, endpoint.url)
  const attributes = { 'webhook.type': claim.webhookType, 'webhook.attempt': claim.attemptNumber }
  const { isSuccess, ...outcome } = await (tracingEnabled() ? inSpan('deliver webhook', { kind: SpanKind.CLIENT, parent: claim.traceParent, attributes }, post) : post())
  attempts.inc({ outcome: isSuccess ? 'delivered' : 'failed' })
  if (outcome.url) endpointSeconds.observe(outcome.latencyMs / 1000)
  if (isSuccess) {
    // a replay re-sends on request: its wait since queueing says nothing of the pipeline's latency
    if (!claim.replayId) deliverySeconds.observe((Date.now() - claim.queuedAt.getTime()) / 1000)
    if (await recordDelivered(deps.attemptsSql, claim, outcome)) await releaseHeldDeliveries(deps.attemptsSql, claim)
    return { status: 'DELIVERED' }
  }
  const decide = (state: EndpointState) => decideAfterFailure(deps.settings, claim, state)
  return recordFailure(deps.attemptsSql, claim, outcome, decide, heldDeadAfterMs(deps.settings))
}

async function postToEndpoint(deps: WebhooksDeps, claim: ClaimedDelivery, url: string | undefined): Promise<AttemptOutcome & { isSuccess: boolean }> {
  if (!url) return { isSuccess: false, latencyMs: 0, error: 'no webhookEndpoint is configured' }
  const payload = webhookBody(claim, claim.content, new Date())
  const headers = webhookHeaders({ ...claim, signature: deps.keys.sign(claim.environment, payload) })
  const result = await deps.post({ url, environment: claim.environment, body: payload, headers, timeoutMs: deps.settings.requestTimeoutMs })
  return { isSuccess: result.isSuccess, url, statusCode: result.statusCode, latencyMs: result.latencyMs, error: result.error, payload }
}
