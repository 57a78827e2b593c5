/** What every event on the EVENTS stream looks like; `type` reuses the spec's webhook names. */
export interface EventEnvelope<T = unknown> {
  id: string
  type: string
  source: string
  platformId: string
  environment: string
  occurredAt: string
  /** The platform's request that caused the event, when one did: whatever the event causes carries it on. */
  requestId?: string
  /** The W3C trace context of the work that wrote the event, when traced: its handling continues that trace. */
  traceparent?: string
  data: T
}

export const EVENTS_STREAM = 'EVENTS'
export const EVENTS_SUBJECT_PREFIX = 'events'

/** `events.<source>.<type>`, e.g. `events.customers.CUSTOMER.CREATED`. */
export const eventSubject = (source: string, type: string): string => `${EVENTS_SUBJECT_PREFIX}.${source}.${type}`
