/**
 * Runs one piece of work per key at a time: a caller asking for a key whose work is under way
 * waits for that work's answer instead of starting its own.
 */
export class SingleFlight<V> {
  readonly #inFlight = new Map<string, Promise<V>>()

  run(key: string, work: () => Promise<V>): Promise<V> {
    const running = this.#inFlight.get(key)
    if (running !== undefined) return running
    const started = work().finally(() => {
      // forgetAll() may have let a newer run take the key meanwhile
      if (this.#inFlight.get(key) === started) this.#inFlight.delete(key)
    })
    this.#inFlight.set(key, started)
    return started
  }

  /** Later callers start fresh work; those already waiting keep the answer under way. */
  forgetAll(): void {
    this.#inFlight.clear()
  }
}
