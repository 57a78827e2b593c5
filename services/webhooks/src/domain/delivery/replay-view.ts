import type { ReplayRow } from '../../db/replays.db.js'

/** A replay as the API shows it (the WebhookReplay schema). */
export interface ReplayJson {
  id: string
  createdAfter: string
  createdBefore: string
  /** Empty: every type. */
  types: string[]
  status: ReplayRow['status']
  /** The deliveries of the window when the replay was made: what it sends, once each. */
  deliveryCount: number
  /** Those sent so far that the receiver accepted (2xx), and those it did not. */
  sentCount: number
  failedCount: number
  createdAt: string
  completedAt?: string
}

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
