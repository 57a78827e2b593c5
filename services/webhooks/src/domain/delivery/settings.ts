/** How deliveries are paced; every value comes from config so tests run in milliseconds. */
export interface DeliverySettings {
  /** Waits before the 2nd, 3rd, ... attempt; after the last one fails the delivery is dead-lettered. */
  retryScheduleMs: number[]
  retryJitterRatio: number
  requestTimeoutMs: number
  claimLeaseMs: number
  /** Attempts in flight in this process, all platforms together. */
  concurrency: number
  /** Attempts in flight in this process for one platform and environment. */
  concurrencyPerPlatform: number
  /** Failed attempts in a row (any of a tenant's deliveries) that pause its endpoint: only a probe is attempted then. */
  pauseAfterFailures: number
  /** The wait before a delivery is tried again when the platform service could not give its endpoint (no attempt made). */
  endpointUnknownRetryMs: number
  /** How long an Idempotency-Key's first answer to a redelivery or replay is replayed (IDEMPOTENCY_KEY_TTL_MS; a day when unset). */
  idempotencyKeyTtlMs?: number
}
