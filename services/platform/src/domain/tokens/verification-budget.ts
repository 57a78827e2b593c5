export interface VerificationBudgetOptions {
  /** Sustained verifications per second one token may cause. */
  perSecond: number
  /** Verifications one token may cause at once after a quiet spell. */
  burst: number
  /** Verifications of one token running at the same time. */
  concurrent: number
  /** Bound on the tokens tracked; the least recently used idle one is forgotten first. */
  maxTokens: number
  nowMs?: () => number
}

interface Allowance {
  /** Verifications available now, refilled at `perSecond` up to `burst`. */
  available: number
  refilledAtMs: number
  running: number
}

/**
 * Bounds the scrypt work any one API token can cause: a token bucket per token id plus a cap on
 * its verifications in progress. A client guessing secrets, or a swarm of gateways all missing
 * their cache at once, then costs a fixed amount of CPU per second instead of ~100 ms per request.
 */
export class VerificationBudget {
  readonly #options: Required<VerificationBudgetOptions>
  readonly #allowances = new Map<string, Allowance>()

  constructor(options: VerificationBudgetOptions) {
    if (options.burst < 1 || options.concurrent < 1 || options.maxTokens < 1) throw new Error('VerificationBudget needs room for one verification')
    this.#options = { nowMs: Date.now, ...options }
  }

  /** Takes one verification of the token; undefined when its budget is spent, else the release. */
  tryStart(tokenId: string): (() => void) | undefined {
    const allowance = this.#refilled(tokenId)
    if (allowance.available < 1 || allowance.running >= this.#options.concurrent) return undefined
    allowance.available -= 1
    allowance.running += 1
    return () => {
      allowance.running -= 1
    }
  }

  #refilled(tokenId: string): Allowance {
    const nowMs = this.#options.nowMs()
    const known = this.#allowances.get(tokenId)
    // re-inserted on every use, so the Map's first key is the least recently used
    this.#allowances.delete(tokenId)
    const allowance = known ?? { available: this.#options.burst, refilledAtMs: nowMs, running: 0 }
    const earned = ((nowMs - allowance.refilledAtMs) / 1000) * this.#options.perSecond
    allowance.available = Math.min(this.#options.burst, allowance.available + earned)
    allowance.refilledAtMs = nowMs
    this.#forgetIdleBeyondBound()
    this.#allowances.set(tokenId, allowance)
    return allowance
  }

  #forgetIdleBeyondBound(): void {
    for (const [tokenId, allowance] of this.#allowances) {
      if (this.#allowances.size < this.#options.maxTokens) return
      // a token with a verification in progress keeps its allowance, so its release counts
      if (allowance.running === 0) this.#allowances.delete(tokenId)
    }
  }
}
