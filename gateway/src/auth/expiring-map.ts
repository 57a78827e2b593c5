/**
 * A map whose entries expire, bounded in size by dropping the oldest entry: what the credential
 * cache keeps, for successes and for failures alike.
 */
export class ExpiringMap<V> {
  readonly #entries = new Map<string, { value: V; expiresAtMs: number }>()
  readonly #maxEntries: number
  readonly #nowMs: () => number

  constructor(maxEntries: number, nowMs: () => number) {
    if (maxEntries < 1) throw new Error('ExpiringMap needs room for at least one entry')
    this.#maxEntries = maxEntries
    this.#nowMs = nowMs
  }

  /** The live value under `key`; an expired one is dropped on the way. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAtMs > this.#nowMs()) return entry.value
    this.#entries.delete(key)
    return undefined
  }

  /** Keeps `value` for `ttlMs`; a TTL of zero or less keeps nothing. */
  set(key: string, value: V, ttlMs: number): void {
    this.#entries.delete(key)
    if (ttlMs <= 0) return
    // Map keeps insertion order, so the first key is the oldest entry.
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
    this.#entries.set(key, { value, expiresAtMs: this.#nowMs() + ttlMs })
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.#entries) {
      if (matches(entry.value)) this.#entries.delete(key)
    }
  }

  get size(): number {
    return this.#entries.size
  }
}
