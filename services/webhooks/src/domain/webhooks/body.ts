import { webhookKind } from '@pp/events'
import type { WebhookDraft } from './types.js'

/**
 * The exact JSON text sent, and signed, on every attempt: `id` (the delivery id, for the
 * receiver to drop duplicates), `type`, `timestamp` (when the event happened) and `data`.
 */
export function webhookBody(id: string, draft: WebhookDraft, timestamp: string): string {
  return JSON.stringify({ id, type: draft.type, timestamp, data: draft.data, ...draft.topLevel })
}

/** The sandbox test webhook, as the reference shows it. */
export const TEST_WEBHOOK: WebhookDraft = { type: webhookKind('test-webhook').types[0]!, data: {} }
