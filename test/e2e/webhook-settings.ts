/**
 * Webhook settings of the meshes that run the endpoint scenarios (webhook-endpoint-scenarios.ts):
 * retries minutes apart, so that a webhook arriving within seconds was sent by what resumed its
 * endpoint, never by the paused endpoint's probe.
 */
export const SLOW_RETRIES_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '120000,600000', WEBHOOK_RETRY_JITTER_RATIO: '0' }
