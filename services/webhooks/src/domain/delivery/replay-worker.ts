import { startWakeLoop } from '@pp/db'
import type { Logger } from '@pp/logging'
import { advanceReplay, claimDueReplays, claimReplayAttempt, completeReplay, releaseReplay, REPLAYS_CHANNEL, type ReplayRow } from '../../db/replays.db.js'
import type { WebhooksDeps } from '../deps.js'
import { attemptDelivery } from './attempt-delivery.js'

/** Replays this process works through at once; each sends one delivery at a time. */
const REPLAYS_AT_ONCE = 4

export interface ReplayWorker {
  stop(): Promise<void>
}

/**
 * Works through replays: claims due ones (a new replay NOTIFYs every replica; a lease that ended
 * falls due), then sends each one's window a delivery at a time, in id (creation) order, each
 * attempt an ordinary attempt of that delivery (signed as it is sent, recorded in the log). The
 * replay's cursor moves past a delivery once its outcome is recorded, so a receiver gets the window
 * in order and once; a process that stops mid-attempt leaves it to be sent again after the lease
 * (its body's id lets the receiver drop it), never skipped.
 */
export function startReplayWorker(deps: WebhooksDeps, logger: Logger, databaseUrl: string): ReplayWorker {
  const running = new Set<Promise<void>>()
  let isStopping = false

  async function work(replay: ReplayRow): Promise<void> {
    let cursor = replay.cursorId
    while (!isStopping) {
      const claim = await claimReplayAttempt(deps.attemptsSql, replay, cursor)
      if (!claim) return completeReplay(deps.attemptsSql, replay, cursor)
      const next = await attemptDelivery(deps, claim)
      if (!(await advanceReplay(deps.attemptsSql, replay, cursor, claim.id, next.status === 'DELIVERED', deps.settings.claimLeaseMs))) return
      cursor = claim.id
    }
    await releaseReplay(deps.attemptsSql, replay, cursor)
  }

  function start(replay: ReplayRow): void {
    const task = work(replay)
      .catch((err: unknown) => logger.warn({ err, replayId: replay.id }, 'webhook replay interrupted; it resumes when its lease ends'))
      .finally(() => {
        running.delete(task)
        loop.wake()
      })
    running.add(task)
  }

  async function claimDue(): Promise<Date | undefined> {
    const free = REPLAYS_AT_ONCE - running.size
    if (free <= 0) return undefined
    const claim = await claimDueReplays(deps.attemptsSql, free, deps.settings.claimLeaseMs)
    claim.replays.forEach(start)
    return claim.nextDueAt
  }

  const loop = startWakeLoop({ name: 'webhook-replays', databaseUrl, channel: REPLAYS_CHANNEL, logger, run: claimDue })
  return {
    async stop() {
      isStopping = true
      await loop.stop()
      await Promise.all(running)
    },
  }
}
