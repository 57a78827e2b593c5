import { setTimeout as sleep } from 'node:timers/promises'
import { DeliveryFailure } from './senders.js'

/**
 * How a send is retried: `attempts` in all, waiting `firstDelayMs` before the second and twice as
 * long before each next one, all of it within `budgetMs`. Codes are sent inside the transaction
 * that stores them, so the budget keeps the send well within that transaction's time (10 s in
 * libs/db): a provider's timeouts bound each step of a conversation, not the conversation.
 */
export interface RetryPolicy {
  attempts: number
  firstDelayMs: number
  budgetMs: number
}

/** What a send may take in all, attempts and waits included: the transaction around it ends at 10 s. */
export const SEND_BUDGET_MS = 7_000

/** `work`, or a retryable failure once `ms` have passed (the work itself is left to finish or fail unheard). */
async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeliveryFailure('the provider did not answer in time', true)), Math.max(0, ms))
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The result of `send`, retried while it fails with a retryable DeliveryFailure and time is left; the last failure otherwise. */
export async function withRetries<T>(policy: RetryPolicy, send: () => Promise<T>): Promise<T> {
  const endsAt = Date.now() + policy.budgetMs
  for (let attempt = 1; ; attempt++) {
    try {
      return await withinTime(send(), endsAt - Date.now())
    } catch (err) {
      const delayMs = policy.firstDelayMs * 2 ** (attempt - 1)
      const retryable = err instanceof DeliveryFailure && err.retryable
      if (!retryable || attempt >= policy.attempts || Date.now() + delayMs >= endsAt) throw err
      await sleep(delayMs)
    }
  }
}
