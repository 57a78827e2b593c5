import { WebhookEndpointStatusSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { EndpointStatusRow } from '../../db/endpoint-status.db.js'
import { endpointStatusView } from './endpoint-status.js'

const row = (extra: Partial<EndpointStatusRow>): EndpointStatusRow => ({
  url: 'https://acme.example/webhooks',
  consecutiveFailures: null,
  pausedAt: null,
  pauseReason: null,
  probeDeliveryId: null,
  nextProbeAt: null,
  heldCount: 0,
  ...extra,
})
const pausedAt = new Date('2025-10-13T09:00:00Z')

describe('the endpoint status view keeps to the WebhookEndpointStatus contract', () => {
  it.each<[string, EndpointStatusRow]>([
    ['ACTIVE', row({})],
    ['FAILING', row({ consecutiveFailures: 2 })],
    [
      'PAUSED',
      row({ consecutiveFailures: 10, pauseReason: 'FAILURES', pausedAt, probeDeliveryId: 'Webhook:019542f5-b3e7-1d02-0000-000000000020', nextProbeAt: new Date('2025-10-13T10:00:00Z'), heldCount: 4 }),
    ],
    ['NOT_CONFIGURED', row({ url: null, pauseReason: 'NO_ENDPOINT', pausedAt, heldCount: 2 })],
  ])('%s', (status, stored) => {
    const json: unknown = JSON.parse(JSON.stringify(endpointStatusView(stored)))
    expect(json).toMatchObject({ status })
    expect(WebhookEndpointStatusSchema.strict().parse(json)).toEqual(json)
  })
})
