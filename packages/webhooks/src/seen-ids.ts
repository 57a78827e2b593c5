/** The ids of webhooks already handled, for dropping redeliveries in one process. */
export interface SeenIds {
  has(id: string): boolean
  /** Record `id` once its webhook is handled (not before: a failed one must be taken again). */
  add(id: string): void
  /** Forget `id`, when handling it failed after all. */
  delete(id: string): void
  readonly size: number
}

/**
 * An in-memory set of the last `max` (10,000) webhook ids, the oldest forgotten first. Enough for
 * one process; a receiver with several replicas or restarts keeps the ids with the effects they
 * guard (a unique column written in the same transaction).
 */
export function createSeenIds(options: { max?: number } = {}): SeenIds {
  const max = options.max ?? 10_000
  if (!Number.isInteger(max) || max < 1) throw new TypeError('max must be a positive integer')
  // a Map iterates in insertion order: its first key is the oldest
  const ids = new Map<string, true>()
  return {
    has: (id) => ids.has(id),
    add(id) {
      ids.delete(id)
      ids.set(id, true)
      if (ids.size > max) ids.delete(ids.keys().next().value!)
    },
    delete: (id) => void ids.delete(id),
    get size() {
      return ids.size
    },
  }
}
