import { setTimeout as sleep } from 'node:timers/promises'
import { DeliveryFailure } from './senders.js'

/**
 * How a send is retried: `attempts` in all, waiting `firstDelayMs` before the second and twice as
 * long before each next one. Codes are sent inside the transaction that stores them, so the
 * attempts with their timeouts and delays must end well within it (docs/production.md).
 */
export interface RetryPolicy {
  attempts: number
  firstDelayMs: number
}

/** The result of `send`, retried while it fails with a retryable DeliveryFailure; the last failure otherwise. */
export async function withRetries<T>(policy: RetryPolicy, send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send()
    } catch (err) {
      if (!(err instanceof DeliveryFailure) || !err.retryable || attempt >= policy.attempts) throw err
      await sleep(policy.firstDelayMs * 2 ** (attempt - 1))
    }
  }
}
