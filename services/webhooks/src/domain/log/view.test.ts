import { WebhookDeliveryListSchema, WebhookDeliverySchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { AttemptView, DeliveryView } from '../types.js'
import { deliveryJson, deliveryPageJson } from './view.js'

const at = new Date('2025-10-13T09:00:00Z')
const later = new Date('2025-10-13T09:00:01Z')
const body = '{"id":"Webhook:019542f5-b3e7-1d02-0000-000000000020","type":"CUSTOMER.CREATED","timestamp":"2025-10-13T09:00:00.000Z","data":{}}'

const answered: AttemptView = { attemptNumber: 1, startedAt: at, finishedAt: later, url: 'https://acme.example/webhooks', statusCode: 503, latencyMs: 120, error: 'HTTP 503', payload: body }
const unanswered: AttemptView = { attemptNumber: 2, startedAt: at, finishedAt: later, url: 'https://acme.example/webhooks', latencyMs: 5_000, error: 'timeout after 5000 ms', payload: body }
const inFlight: AttemptView = { attemptNumber: 3, startedAt: later, url: 'https://acme.example/webhooks' }
const accepted: AttemptView = { attemptNumber: 1, startedAt: at, finishedAt: later, url: 'https://acme.example/webhooks', statusCode: 200, latencyMs: 80, payload: body }

const delivery = (extra: Partial<DeliveryView>): DeliveryView => ({
  id: 'Webhook:019542f5-b3e7-1d02-0000-000000000020',
  eventId: 'Event:019542f5-b3e7-1d02-0000-000000000021',
  webhookType: 'CUSTOMER.CREATED',
  status: 'PENDING',
  attemptCount: 0,
  createdAt: at,
  attempts: [],
  requestId: 'Request:019542f5-b3e7-1d02-0000-000000000022',
  ...extra,
})

/** The view as it travels (JSON). */
const roundTrip = (view: unknown): unknown => JSON.parse(JSON.stringify(view))

const DELIVERIES: [string, DeliveryView][] = [
  ['pending, its retry due, after a failed attempt and one that never answered', delivery({ attemptCount: 2, nextAttemptAt: later, attempts: [answered, unanswered], payload: body })],
  ['pending with an attempt in flight', delivery({ attemptCount: 3, attempts: [answered, unanswered, inFlight], payload: body })],
  ['held for a webhook endpoint', delivery({ waitingFor: 'WEBHOOK_ENDPOINT' })],
  ["held behind its paused endpoint's probe", delivery({ attemptCount: 1, waitingFor: 'ENDPOINT_PROBE', attempts: [answered], payload: body })],
  ['held for its replay', delivery({ waitingFor: 'REPLAY' })],
  ['delivered', delivery({ status: 'DELIVERED', attemptCount: 1, deliveredAt: later, attempts: [accepted], payload: body })],
  ['dead after its last attempt', delivery({ status: 'DEAD', attemptCount: 2, deadAt: later, attempts: [answered, unanswered], payload: body })],
  ['a test webhook sent where no endpoint was configured', delivery({ eventId: undefined, webhookType: 'TEST', status: 'DELIVERED', attemptCount: 1, deliveredAt: later, attempts: [{ ...accepted, url: undefined }] })],
]

describe('the delivery log views keep to the WebhookDelivery contracts', () => {
  it.each(DELIVERIES)('a delivery %s, read alone with its payload', (_name, stored) => {
    const json = roundTrip(deliveryJson(stored, { withPayload: true }))
    expect(WebhookDeliverySchema.strict().parse(json)).toEqual(json)
  })

  it('a page of the log, without the payloads', () => {
    const page = { data: DELIVERIES.map(([, stored]) => stored), hasMore: true, nextCursor: 'cursor', totalCount: 12 }
    const json = roundTrip(deliveryPageJson(page))
    expect(WebhookDeliveryListSchema.strict().parse(json)).toEqual(json)
  })

  it('the last page of the log', () => {
    const json = roundTrip(deliveryPageJson({ data: [], hasMore: false, totalCount: 0 }))
    expect(WebhookDeliveryListSchema.strict().parse(json)).toEqual(json)
  })
})
