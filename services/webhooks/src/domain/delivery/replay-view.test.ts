import { WebhookReplaySchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { ReplayRow } from '../../db/replays.db.js'
import { replayJson } from './replay-view.js'

const running: ReplayRow = {
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  id: 'WebhookReplay:019542f5-b3e7-1d02-0000-000000000030',
  createdAfter: new Date('2025-10-01T00:00:00Z'),
  createdBefore: new Date('2025-10-13T00:00:00Z'),
  types: ['CUSTOMER.CREATED', 'OUTGOING_PAYMENT.COMPLETED'],
  untilId: 'Webhook:019542f5-b3e7-1d02-0000-000000000029',
  cursorId: 'Webhook:019542f5-b3e7-1d02-0000-000000000020',
  deliveryCount: 10,
  sentCount: 3,
  failedCount: 1,
  status: 'RUNNING',
  createdAt: new Date('2025-10-13T09:00:00Z'),
  completedAt: null,
}

describe('the replay view keeps to the WebhookReplay contract', () => {
  it.each<[string, ReplayRow]>([
    ['a running replay of some types', running],
    ['a completed replay of every type', { ...running, types: [], sentCount: 10, failedCount: 0, cursorId: null, status: 'COMPLETED', completedAt: new Date('2025-10-13T09:05:00Z') }],
  ])('%s', (_name, row) => {
    const json: unknown = JSON.parse(JSON.stringify(replayJson(row)))
    expect(WebhookReplaySchema.strict().parse(json)).toEqual(json)
  })
})
