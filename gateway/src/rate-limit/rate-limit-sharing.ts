import { randomUUID } from 'node:crypto'
import type { NatsConnection } from '@nats-io/transport-node'
import type { Logger } from '@pp/logging'
import type { TokenBuckets } from './token-buckets.js'

/** Where the gateway replicas tell each other what they let through. */
export const RATE_LIMIT_SUBJECT = 'ratelimit.gateway'

// a key is an id of about 45 characters: 1,000 of them stay far below NATS's 1 MiB message limit
const KEYS_PER_MESSAGE = 1_000

/** What one replica let through since its last report: [key, requests] pairs. */
interface SpentReport {
  from: string
  spent: Array<[string, number]>
}

export interface RateLimitSharing {
  stop(): Promise<void>
}

/**
 * Shares the rate limits across the gateway replicas without a round trip per request: every
 * `intervalMs` each replica publishes (NATS core, at most once) what it let through per key since
 * its last report, and debits what the others report from its own buckets. Every replica's bucket
 * of a key thus drains by the whole deployment's use, at most one interval plus the delivery time
 * (`d`) late. Bound, for N replicas, rate r and burst B: in any span of t seconds the replicas
 * together let through at most B + r·t + (N − 1)·(B + r·d), that is one bucket's allowance plus
 * what each other replica could let through in one delay `d` before the others heard of it. A
 * report lost (NATS down, a replica stopping) is use the others never debit: each replica then
 * limits alone, and the deployment allows up to N times the rate until NATS is back.
 */
export function shareRateLimits(nats: NatsConnection, buckets: TokenBuckets, options: { intervalMs: number; logger: Logger }): RateLimitSharing {
  const replica = randomUUID()
  const subscription = nats.subscribe(RATE_LIMIT_SUBJECT)
  const received = (async () => {
    for await (const message of subscription) {
      const report = readReport(message.string())
      if (report === undefined) {
        options.logger.warn({ subject: message.subject }, 'ignoring a rate limit report it cannot read')
        continue
      }
      if (report.from === replica) continue
      for (const [key, requests] of report.spent) buckets.debit(key, requests)
    }
  })()
  const timer = setInterval(() => {
    const spent = buckets.takeSpent()
    for (let start = 0; start < spent.length; start += KEYS_PER_MESSAGE) {
      const report: SpentReport = { from: replica, spent: spent.slice(start, start + KEYS_PER_MESSAGE) }
      nats.publish(RATE_LIMIT_SUBJECT, JSON.stringify(report))
    }
    buckets.forgetFull()
  }, options.intervalMs)
  timer.unref() // it keeps no process alive
  return {
    async stop() {
      clearInterval(timer)
      subscription.unsubscribe()
      await received
    },
  }
}

function readReport(payload: string): SpentReport | undefined {
  try {
    const report = JSON.parse(payload) as Partial<SpentReport>
    const valid =
      typeof report.from === 'string' &&
      Array.isArray(report.spent) &&
      report.spent.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isSafeInteger(entry[1]) && entry[1] > 0)
    return valid ? (report as SpentReport) : undefined
  } catch {
    return undefined
  }
}
