import { webhookKind } from '@pp/events'
import type { WebhookDraft } from './types.js'

/**
 * The body's fields that never change between attempts, after `timestamp`: `data` and the fields a
 * family adds at the top level, as the JSON text `{"data":...}`, made once when the delivery is queued.
 */
export const webhookContent = (draft: WebhookDraft): string => JSON.stringify({ data: draft.data, ...draft.topLevel })

/** What identifies a webhook on every attempt: `id` (the delivery id, for the receiver to drop duplicates) and `type`. */
export interface WebhookHead {
  id: string
  webhookType: string
}

/**
 * The exact JSON text one attempt sends and signs: `id`, `type`, `timestamp` (when this attempt is
 * sent) and the stored content. Joined as text, so an attempt parses nothing and re-encodes nothing.
 */
export function webhookBody(head: WebhookHead, content: string, sentAt: Date): string {
  const rest = content.slice(1)
  const start = `{"id":${JSON.stringify(head.id)},"type":${JSON.stringify(head.webhookType)},"timestamp":"${sentAt.toISOString()}"`
  return rest === '}' ? `${start}}` : `${start},${rest}`
}

/** The sandbox test webhook, as the reference shows it. */
export const TEST_WEBHOOK: WebhookDraft = { type: webhookKind('test-webhook').types[0]!, data: {} }
