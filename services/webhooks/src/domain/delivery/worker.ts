import type { Logger } from '@pp/logging'
import { claimDueDeliveries, type ClaimedDelivery } from '../../db/deliveries.db.js'
import type { WebhooksDeps } from '../deps.js'
import { tenantKey } from '../types.js'
import { attemptDelivery } from './attempt-delivery.js'

export interface DeliveryWorker {
  /** Looks for due deliveries now rather than at the next poll (a delivery was just queued). */
  wake(): void
  /** Stops claiming and waits for the attempts in flight to finish. */
  stop(): Promise<void>
}

/**
 * Delivers due webhooks, up to `concurrency` attempts at once and `concurrencyPerPlatform` per
 * tenant, so a receiver that hangs until the timeout holds only its own tenant's slots. It
 * claims whenever an attempt finishes, a delivery is queued, or the poll interval passes.
 */
export function startDeliveryWorker(deps: WebhooksDeps, logger: Logger): DeliveryWorker {
  const { settings } = deps
  const inFlightByTenant = new Map<string, number>()
  const attempts = new Set<Promise<void>>()
  let isRunning = true
  const sleeper = wakeableSleep()

  const remainingByTenant = () =>
    Object.fromEntries([...inFlightByTenant].map(([key, count]) => [key, settings.concurrencyPerPlatform - count]))

  function start(claim: ClaimedDelivery): void {
    const key = tenantKey(claim)
    inFlightByTenant.set(key, (inFlightByTenant.get(key) ?? 0) + 1)
    const attempt = attemptDelivery(deps, claim)
      .then((next) => logger.debug({ deliveryId: claim.id, attempt: claim.attemptNumber, next: next.status }, 'webhook attempt finished'))
      .catch((err: unknown) => logger.warn({ err, deliveryId: claim.id }, 'webhook attempt not recorded; it is retried when its claim expires'))
      .finally(() => {
        const count = inFlightByTenant.get(key)! - 1
        if (count === 0) inFlightByTenant.delete(key)
        else inFlightByTenant.set(key, count)
        attempts.delete(attempt)
        sleeper.wake()
      })
    attempts.add(attempt)
  }

  const loop = (async () => {
    while (isRunning) {
      const free = settings.concurrency - attempts.size
      if (free > 0) {
        try {
          const claims = await claimDueDeliveries(deps.db, {
            limit: free,
            remainingByTenant: remainingByTenant(),
            perTenantLimit: settings.concurrencyPerPlatform,
            leaseMs: settings.claimLeaseMs,
          })
          claims.forEach(start)
        } catch (err) {
          logger.warn({ err }, 'claiming due webhooks failed; will retry')
        }
      }
      await sleeper.sleep(settings.pollIntervalMs)
    }
  })()

  return {
    wake: () => sleeper.wake(),
    async stop() {
      isRunning = false
      sleeper.wake()
      await loop
      await Promise.all(attempts)
    },
  }
}

/** A sleep that `wake()` ends early; a wake that comes while awake ends the next sleep at once. */
function wakeableSleep() {
  let isWoken = false
  let resolveSleep: (() => void) | undefined
  return {
    sleep(ms: number): Promise<void> {
      if (isWoken) {
        isWoken = false
        return Promise.resolve()
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          resolveSleep = undefined
          resolve()
        }
        resolveSleep = done
      })
    },
    wake(): void {
      if (resolveSleep) resolveSleep()
      else isWoken = true
    },
  }
}
