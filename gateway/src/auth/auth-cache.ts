import { createHash } from 'node:crypto'
import type { Principal } from '../context.js'
import type { Authenticator, BasicCredentials } from './authenticator.js'

export interface AuthCacheOptions {
  ttlMs: number
  maxEntries: number
  /** Injected so tests can move time without sleeping. */
  nowMs?: () => number
}

interface Entry {
  principal: Principal
  expiresAtMs: number
}

/**
 * Remembers successful credential checks for a short time so that every request does not cost
 * a call to the platform service. Only successes are kept, under a SHA-256 of the credentials
 * (never the secret itself), and a deleted token is dropped at once through `evictToken`.
 */
export class AuthCache {
  readonly #authenticate: Authenticator
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #nowMs: () => number
  readonly #entries = new Map<string, Entry>()
  #evictions = 0

  constructor(authenticate: Authenticator, options: AuthCacheOptions) {
    if (options.maxEntries < 1) throw new Error('AuthCache needs room for at least one entry')
    this.#authenticate = authenticate
    this.#ttlMs = options.ttlMs
    this.#maxEntries = options.maxEntries
    this.#nowMs = options.nowMs ?? Date.now
  }

  /** An Authenticator that answers from the cache when it can. */
  readonly authenticate: Authenticator = async (credentials, requestId) => {
    const key = cacheKey(credentials)
    const cached = this.#freshEntry(key)
    if (cached) return cached.principal
    const evictionsBefore = this.#evictions
    const principal = await this.#authenticate(credentials, requestId)
    // A token deleted while this check was in flight must not be remembered as valid.
    if (this.#evictions === evictionsBefore) this.#remember(key, principal)
    return principal
  }

  /** Forgets every entry of a token, so its credentials are checked again on their next use. */
  evictToken(tokenId: string): void {
    this.#evictions += 1
    for (const [key, entry] of this.#entries) {
      if (entry.principal.tokenId === tokenId) this.#entries.delete(key)
    }
  }

  get size(): number {
    return this.#entries.size
  }

  #freshEntry(key: string): Entry | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAtMs > this.#nowMs()) return entry
    this.#entries.delete(key)
    return undefined
  }

  #remember(key: string, principal: Principal): void {
    if (this.#ttlMs <= 0) return
    this.#entries.delete(key)
    // Map keeps insertion order, so the first key is the oldest entry.
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest === undefined) break
      this.#entries.delete(oldest)
    }
    this.#entries.set(key, { principal, expiresAtMs: this.#nowMs() + this.#ttlMs })
  }
}

function cacheKey({ clientId, clientSecret }: BasicCredentials): string {
  return createHash('sha256').update(JSON.stringify([clientId, clientSecret])).digest('base64url')
}
