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
  pollIntervalMs: number
}
