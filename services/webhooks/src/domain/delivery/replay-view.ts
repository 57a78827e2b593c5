import type { WebhookReplay } from '@pp/contracts'
import type { ReplayRow } from '../../db/replays.db.js'

/** A replay as the API shows it (the WebhookReplay schema). */
export type ReplayJson = WebhookReplay

export const replayJson = (replay: ReplayRow): ReplayJson => ({
  id: replay.id,
  createdAfter: replay.createdAfter.toISOString(),
  createdBefore: replay.createdBefore.toISOString(),
  types: replay.types,
  status: replay.status,
  deliveryCount: replay.deliveryCount,
  sentCount: replay.sentCount,
  failedCount: replay.failedCount,
  createdAt: replay.createdAt.toISOString(),
  completedAt: replay.completedAt?.toISOString(),
})
