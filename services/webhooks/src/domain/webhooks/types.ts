import type { EventEnvelope, WebhookKind } from '@pp/events'

/** What a family makes of an event: the webhook's `type` and `data`, plus fields a family adds at the top level. */
export interface WebhookDraft {
  type: string
  data: unknown
  topLevel?: Record<string, unknown>
}

/** One webhook of the reference (`incoming-payment`, `customer-update`, ...) and the events it is made from. */
export interface WebhookFamily {
  name: string
  /** Undefined when the event is not one of this family's. */
  draft(event: EventEnvelope): WebhookDraft | undefined
}

/**
 * A family whose events already carry the resource as the API shows it: the webhook's `type` is
 * the event type and its `data` the event data, for the kind's types.
 */
export function passThroughFamily(kind: WebhookKind): WebhookFamily {
  const accepted = new Set(kind.types)
  return {
    name: kind.name,
    draft: (event) => (accepted.has(event.type) ? { type: event.type, data: event.data } : undefined),
  }
}
