import { startWakeLoop } from '@pp/db'
import type { Logger } from '@pp/logging'
import { claimDueDeliveries, DUE_CHANNEL, type ClaimedDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { tenantKey } from '../types.js'
import { attemptDelivery, NO_ENDPOINT, type NextStep } from './attempt-delivery.js'
import { startReplayWorker } from './replay-worker.js'

export interface DeliveryWorker {
  /** Claims due deliveries now (a delivery may have been left unclaimed). */
  wake(): void
  /** Stops claiming and waits for the attempts in flight to finish. */
  stop(): Promise<void>
}

/**
 * Delivers due webhooks, up to `concurrency` attempts at once and `concurrencyPerPlatform` per
 * tenant, so a receiver that hangs until the timeout holds only its own tenant's slots. It
 * claims when a delivery is queued (by any replica: NOTIFY on DUE_CHANNEL) for a tenant with a
 * slot free here, when an attempt finishes, and when the earliest delivery not yet due falls due
 * (a retry, a paused endpoint's probe, an expired lease); never on a fixed interval, so an idle
 * service, dead endpoints and their held backlogs included, issues no statement. A delivery
 * queued for a tenant whose slots are all taken here waits for one of those attempts to finish,
 * which claims again: under a busy tenant's load, one claim per attempt rather than per event.
 * Replays are worked through beside it, by a loop of their own (replay-worker.ts).
 */
export function startDeliveryWorker(deps: WebhooksDeps, logger: Logger, databaseUrl: string): DeliveryWorker {
  const { settings } = deps
  const inFlightByTenant = new Map<string, number>()
  const attempts = new Set<Promise<void>>()

  const remainingByTenant = () =>
    Object.fromEntries([...inFlightByTenant].map(([key, count]) => [key, settings.concurrencyPerPlatform - count]))

  function start(claim: ClaimedDelivery): void {
    const key = tenantKey(claim)
    inFlightByTenant.set(key, (inFlightByTenant.get(key) ?? 0) + 1)
    const attempt = attemptDelivery(deps, claim)
      .then((next) => logOutcome(logger, claim, next))
      .catch((err: unknown) => logger.warn({ err, deliveryId: claim.id }, 'webhook attempt not recorded; it is retried when its claim expires'))
      .finally(() => {
        const count = inFlightByTenant.get(key)! - 1
        if (count === 0) inFlightByTenant.delete(key)
        else inFlightByTenant.set(key, count)
        attempts.delete(attempt)
        loop.wake()
      })
    attempts.add(attempt)
  }

  /** Claims what it may and answers when to look again; with every slot taken, the next finished attempt wakes it. */
  async function claimDue(): Promise<Date | undefined> {
    const free = settings.concurrency - attempts.size
    if (free <= 0) return undefined
    const claim = await claimDueDeliveries(deps.attemptsSql, {
      limit: free,
      remainingByTenant: remainingByTenant(),
      perTenantLimit: settings.concurrencyPerPlatform,
      leaseMs: settings.claimLeaseMs,
    })
    claim.deliveries.forEach(start)
    return claim.nextDueAt
  }

  const hasFreeSlot = (key: string) => (inFlightByTenant.get(key) ?? 0) < settings.concurrencyPerPlatform
  const loop = startWakeLoop({
    name: 'webhook-deliveries', databaseUrl, channel: DUE_CHANNEL, logger, run: claimDue, mayHaveWork: hasFreeSlot,
  })

  const replays = startReplayWorker(deps, logger, databaseUrl)

  return {
    wake: () => loop.wake(),
    async stop() {
      await Promise.all([loop.stop(), replays.stop()])
      await Promise.all(attempts)
    },
  }
}

/** A pause, or deliveries held for want of an endpoint, is worth a line the operator sees; every outcome at debug. */
function logOutcome(logger: Logger, claim: ClaimedDelivery, next: NextStep): void {
  const tenant = { platformId: claim.platformId, environment: claim.environment }
  if (next.status === 'HELD_FOR_ENDPOINT') logger.info({ ...tenant, deliveryId: claim.id }, `webhook deliveries held: ${NO_ENDPOINT}`)
  else if ('pausedBecause' in next && next.pausedBecause) {
    logger.warn({ ...tenant, reason: next.pausedBecause, deliveryId: claim.id }, 'webhook endpoint paused: only a probe is attempted, on the retry schedule, until it answers')
  }
  logger.debug({ deliveryId: claim.id, attempt: claim.attemptNumber, next: next.status }, 'webhook attempt finished')
}
