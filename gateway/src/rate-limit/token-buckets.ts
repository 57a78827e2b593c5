export interface TokenBucketsOptions {
  /** Requests one key may make per second, sustained. */
  perSecond: number
  /** Requests one key may make at once after a quiet spell: the bucket's size. */
  burst: number
  nowMs?: () => number
}

interface Bucket {
  /** Requests available now, refilled at `perSecond` up to `burst`; below zero once other replicas' use is debited. */
  tokens: number
  refilledAtMs: number
  /** Requests this replica let through since its use was last shared. */
  spent: number
}

/**
 * One token bucket per key (an API token, an agent) in this replica's memory: a request costs a
 * Map lookup and some arithmetic. What the replica lets through is handed out by `takeSpent` for
 * the other replicas, and what they let through is `debit`ed here, so every replica's bucket
 * drains at the rate of the whole deployment (see rate-limit-sharing.ts for the bound).
 */
export class TokenBuckets {
  readonly #perSecond: number
  readonly #burst: number
  readonly #nowMs: () => number
  readonly #buckets = new Map<string, Bucket>()
  /** The keys with `spent` above zero, each once. */
  #spentKeys: string[] = []

  constructor(options: TokenBucketsOptions) {
    if (!(options.perSecond > 0) || !(options.burst >= 1)) throw new Error('a token bucket needs a positive rate and room for one request')
    this.#perSecond = options.perSecond
    this.#burst = options.burst
    this.#nowMs = options.nowMs ?? (() => performance.now())
  }

  /** Takes one request of `key`: 0 when it may go, else the whole seconds until one is available. */
  take(key: string): number {
    const bucket = this.#refilled(key)
    if (bucket.tokens < 1) return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perSecond))
    bucket.tokens -= 1
    if (bucket.spent === 0) this.#spentKeys.push(key)
    bucket.spent += 1
    return 0
  }

  /** Counts requests another replica let through for `key` against this replica's bucket. */
  debit(key: string, requests: number): void {
    this.#refilled(key).tokens -= requests
  }

  /** What this replica let through per key since the last call, to share; the counts restart at zero. */
  takeSpent(): Array<[string, number]> {
    const spent: Array<[string, number]> = []
    for (const key of this.#spentKeys) {
      const bucket = this.#buckets.get(key)
      if (!bucket) continue
      spent.push([key, bucket.spent])
      bucket.spent = 0
    }
    this.#spentKeys = []
    return spent
  }

  /**
   * Forgets the buckets that have refilled completely and have nothing left to share: a new one
   * is the same, so the Map holds only the keys used lately.
   */
  forgetFull(): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.spent === 0 && this.#refill(bucket) >= this.#burst) this.#buckets.delete(key)
    }
  }

  #refilled(key: string): Bucket {
    let bucket = this.#buckets.get(key)
    if (bucket === undefined) {
      bucket = { tokens: this.#burst, refilledAtMs: this.#nowMs(), spent: 0 }
      this.#buckets.set(key, bucket)
      return bucket
    }
    this.#refill(bucket)
    return bucket
  }

  #refill(bucket: Bucket): number {
    const nowMs = this.#nowMs()
    bucket.tokens = Math.min(this.#burst, bucket.tokens + ((nowMs - bucket.refilledAtMs) / 1000) * this.#perSecond)
    bucket.refilledAtMs = nowMs
    return bucket.tokens
  }
}
