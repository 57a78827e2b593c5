export interface CachedCallsOptions {
  /** The most answers remembered; beyond it the oldest goes. */
  maxEntries: number
  /** How long an answer is reused; forever when unset (facts that never change). */
  ttlMs?: number
  now?: () => number
}

/**
 * `call` with its answers remembered per `keyOf` key, so a replica does not ask another service
 * again for what it was just told. Concurrent misses of a key share one request, and a failed
 * request is forgotten at once (a 404 for another tenant's id is never answered from memory).
 */
export function cachedCalls<A extends unknown[], V>(
  call: (...args: A) => Promise<V>,
  keyOf: (...args: A) => string,
  { maxEntries, ttlMs = Infinity, now = Date.now }: CachedCallsOptions,
): (...args: A) => Promise<V> {
  const entries = new Map<string, { expiresAt: number; answer: Promise<V> }>()
  return (...args) => {
    const key = keyOf(...args)
    const cached = entries.get(key)
    if (cached && cached.expiresAt > now()) return cached.answer
    const answer = call(...args)
    entries.delete(key)
    entries.set(key, { expiresAt: now() + ttlMs, answer })
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    answer.catch(() => entries.get(key)?.answer === answer && entries.delete(key))
    return answer
  }
}
