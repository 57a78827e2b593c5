import { describe, expect, it } from 'vitest'
import type { ClaimedDelivery } from '../../db/deliveries.db.js'
import { decideAfterFailure, heldDeadAfterMs } from './endpoint-pause.js'
import type { DeliverySettings } from './settings.js'

const settings: DeliverySettings = {
  retryScheduleMs: [10, 20],
  retryJitterRatio: 0,
  requestTimeoutMs: 1_000,
  claimLeaseMs: 2_000,
  concurrency: 8,
  concurrencyPerPlatform: 2,
  pauseAfterFailures: 3,
  endpointUnknownRetryMs: 50,
}
const claim = (id: string, attemptNumber: number) => ({ id, attemptNumber }) as ClaimedDelivery

describe('decideAfterFailure', () => {
  it('retries on the schedule and pauses the endpoint at the threshold', () => {
    expect(decideAfterFailure(settings, claim('a', 1), { consecutiveFailures: 2, probeDeliveryId: null }))
      .toEqual({ next: { status: 'PENDING', retryInMs: 10 }, appointProbe: false })
    expect(decideAfterFailure(settings, claim('a', 2), { consecutiveFailures: 3, probeDeliveryId: null }))
      .toEqual({ next: { status: 'PENDING', retryInMs: 20 }, appointProbe: true })
  })

  it('holds every delivery of a paused endpoint but its probe, which keeps its schedule', () => {
    expect(decideAfterFailure(settings, claim('b', 1), { consecutiveFailures: 9, probeDeliveryId: 'a' }))
      .toEqual({ next: { status: 'HELD' }, appointProbe: false })
    expect(decideAfterFailure(settings, claim('a', 2), { consecutiveFailures: 9, probeDeliveryId: 'a' }))
      .toEqual({ next: { status: 'PENDING', retryInMs: 20 }, appointProbe: false })
  })

  it('dead-letters a probe after its schedule and asks for the next one', () => {
    expect(decideAfterFailure(settings, claim('a', 3), { consecutiveFailures: 9, probeDeliveryId: 'a' }))
      .toEqual({ next: { status: 'DEAD' }, appointProbe: true })
    expect(decideAfterFailure(settings, claim('a', 3), { consecutiveFailures: 1, probeDeliveryId: null }))
      .toEqual({ next: { status: 'DEAD' }, appointProbe: false })
    expect(heldDeadAfterMs(settings)).toBe(30)
  })
})
