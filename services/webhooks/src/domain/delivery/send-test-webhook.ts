import type { TestWebhookResponse } from '@pp/contracts'
import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { resumeEndpoint } from '../../db/endpoint-states.db.js'
import { insertCompletedTestDelivery } from '../../db/delivery-log.db.js'
import type { WebhooksDeps } from '../deps.js'
import type { Caller } from '../types.js'
import { TEST_WEBHOOK, webhookBody, webhookContent } from '../webhooks/body.js'
import { webhookHeaders } from './headers.js'

/**
 * The API's TestWebhookResponse (the reference names its fields in snake_case), without the
 * reference's optional `response_body`: what a receiver answers is never echoed, or the test
 * webhook would read whatever a URL of the caller's choosing can reach.
 */
export type TestWebhookView = TestWebhookResponse

const URL_MAX_LENGTH = 2_048

/**
 * Sends one TEST webhook now, to `url` or else to the configured webhookEndpoint, and records
 * it in the log with its single attempt. Sandbox only; never retried: the caller sees the result.
 * Accepted by the configured endpoint, it proves that endpoint: a pause ends and what it held goes out.
 */
export async function sendTestWebhook(deps: WebhooksDeps, caller: Caller, requestedUrl: string | undefined): Promise<TestWebhookView> {
  if (caller.environment !== 'SANDBOX') {
    throw new ApiError('FORBIDDEN', 'Test webhooks are a sandbox feature; call with sandbox credentials')
  }
  const configured = (await deps.endpointDirectory.current(caller)).url
  const url = requestedUrl ? assertHttpUrl(requestedUrl) : configured
  if (!url) throw new ApiError('WEBHOOK_ENDPOINT_NOT_SET', 'No url was given and no webhookEndpoint is configured')
  const id = newId('Webhook')
  const startedAt = new Date()
  const head = { id, webhookType: TEST_WEBHOOK.type }
  const content = webhookContent(TEST_WEBHOOK)
  const payload = webhookBody(head, content, startedAt)
  const headers = webhookHeaders({ ...head, signature: deps.keys.sign(caller.environment, payload), attemptNumber: 1 })
  const result = await deps.post({ url, environment: caller.environment, body: payload, headers, timeoutMs: deps.settings.requestTimeoutMs })
  const outcome = { url, statusCode: result.statusCode, latencyMs: result.latencyMs, error: result.error, payload }
  await insertCompletedTestDelivery(deps.db, {
    ...head, platformId: caller.platformId, environment: caller.environment, requestId: caller.requestId,
    content, isDelivered: result.isSuccess, startedAt, outcome,
  })
  if (result.isSuccess && url === configured) await resumeEndpoint(deps.attemptsSql, caller, url)
  if (!result.isSuccess) {
    throw new ApiError('WEBHOOK_DELIVERY_ERROR', `The webhook endpoint did not accept the test webhook: ${result.error}`, {
      url, responseStatus: result.statusCode, error: result.error, deliveryId: id,
    })
  }
  return { url, response_status: result.statusCode! }
}

function assertHttpUrl(value: string): string {
  let protocol: string | undefined
  try {
    protocol = new URL(value).protocol
  } catch {
    protocol = undefined
  }
  if ((protocol === 'http:' || protocol === 'https:') && value.length <= URL_MAX_LENGTH) return value
  throw new ApiError('INVALID_INPUT', 'url must be an absolute http or https URL', {
    errors: [{ field: 'url', message: 'expected an absolute http(s) URL', constraint: { format: 'url', maxLength: URL_MAX_LENGTH } }],
  })
}
