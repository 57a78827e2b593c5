import { finishAttempt, type AttemptOutcome, type ClaimedDelivery, type NextStep } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { webhookHeaders } from './headers.js'
import { nextRetryDelayMs } from './retry-schedule.js'

/**
 * Makes one attempt of a claimed delivery: the endpoint configured now, the signed POST, then the
 * outcome and the next step recorded. No endpoint configured counts as a failed attempt, so the
 * delivery waits out the retry schedule for one to be set and is dead-lettered after it.
 */
export async function attemptDelivery(deps: WebhooksDeps, claim: ClaimedDelivery): Promise<NextStep> {
  const outcome = await postToEndpoint(deps, claim)
  const next = nextStepAfter(deps, claim.attemptNumber, outcome)
  await finishAttempt(deps.db, claim, outcome, next)
  return next
}

async function postToEndpoint(deps: WebhooksDeps, claim: ClaimedDelivery): Promise<AttemptOutcome & { isSuccess: boolean }> {
  let url: string | undefined
  try {
    url = await deps.endpoints.endpointOf(claim)
  } catch (err) {
    return { isSuccess: false, latencyMs: 0, error: `platform configuration unavailable: ${(err as Error).message}` }
  }
  if (!url) return { isSuccess: false, latencyMs: 0, error: 'no webhookEndpoint is configured' }
  const result = await deps.post({ url, body: claim.payload, headers: webhookHeaders(claim), timeoutMs: deps.settings.requestTimeoutMs })
  return { isSuccess: result.isSuccess, url, statusCode: result.statusCode, latencyMs: result.latencyMs, error: result.error }
}

function nextStepAfter(deps: WebhooksDeps, attemptNumber: number, outcome: { isSuccess: boolean }): NextStep {
  if (outcome.isSuccess) return { status: 'DELIVERED' }
  const retryInMs = nextRetryDelayMs(deps.settings.retryScheduleMs, attemptNumber, deps.settings.retryJitterRatio)
  return retryInMs === undefined ? { status: 'DEAD' } : { status: 'PENDING', retryInMs }
}
