import { createHash } from 'node:crypto'
import { isApiError, type ApiError } from '@pp/errors'
import type { Principal } from '../context.js'
import type { Authenticator, BasicCredentials } from './authenticator.js'
import { ExpiringMap } from './expiring-map.js'
import { SingleFlight } from './single-flight.js'

export interface AuthCacheOptions {
  ttlMs: number
  /** Bound on the remembered successes, and separately on the remembered failures. */
  maxEntries: number
  /** How long a rejected credential is answered from memory; defaults to DEFAULT_FAILURE_TTL_MS. */
  failureTtlMs?: number
  /** Injected so tests can move time without sleeping. */
  nowMs?: () => number
}

export const DEFAULT_FAILURE_TTL_MS = 5_000

// A hit in the last fifth of its TTL is answered from memory and refreshed in the background, so
// a client that calls at least that often never waits for the platform service.
const REFRESH_AFTER_TTL_FRACTION = 0.8
// A background refresh that could not finish (platform unreachable, rate-limited) is retried no
// sooner than this, so a busy client does not turn every hit into a call.
const REFRESH_RETRY_MS = 1_000
// Once the platform service says a username's verification budget is spent, other unknown
// secrets for it are refused here for this long instead of each costing the platform a look-up.
const RATE_LIMITED_BACKOFF_MS = 1_000

interface Verified {
  principal: Principal
  refreshAtMs: number
}

/**
 * Remembers credential checks for a short time so that every request does not cost a call to the
 * platform service, whose check is a deliberately slow scrypt. Entries live under a SHA-256 of
 * the credentials (never the secret itself). Concurrent checks of the same credentials share one
 * call; a success is refreshed ahead of its expiry; a rejection is remembered for a few seconds,
 * so repeating a wrong secret costs nothing, and a username the platform service rate-limits is
 * refused here for a second. A deleted token is dropped at once through `evictToken`.
 */
export class AuthCache {
  readonly #authenticate: Authenticator
  readonly #ttlMs: number
  readonly #failureTtlMs: number
  readonly #nowMs: () => number
  readonly #verified: ExpiringMap<Verified>
  readonly #rejected: ExpiringMap<ApiError>
  /** Usernames the platform service rate-limits, keyed by the username alone. */
  readonly #rateLimited: ExpiringMap<ApiError>
  readonly #checks = new SingleFlight<Principal>()
  #evictions = 0

  constructor(authenticate: Authenticator, options: AuthCacheOptions) {
    this.#authenticate = authenticate
    this.#ttlMs = options.ttlMs
    this.#failureTtlMs = options.failureTtlMs ?? DEFAULT_FAILURE_TTL_MS
    this.#nowMs = options.nowMs ?? Date.now
    this.#verified = new ExpiringMap(options.maxEntries, this.#nowMs)
    this.#rejected = new ExpiringMap(options.maxEntries, this.#nowMs)
    this.#rateLimited = new ExpiringMap(options.maxEntries, this.#nowMs)
  }

  /** An Authenticator that answers from the cache when it can. */
  readonly authenticate: Authenticator = async (credentials, requestId) => {
    const key = cacheKey(credentials)
    const verified = this.#verified.get(key)
    if (verified !== undefined) {
      if (verified.refreshAtMs <= this.#nowMs()) this.#refreshInBackground(key, verified, credentials, requestId)
      return verified.principal
    }
    const refusal = this.#rejected.get(key) ?? this.#rateLimited.get(credentials.clientId)
    if (refusal !== undefined) throw refusal
    return this.#check(key, credentials, requestId)
  }

  /**
   * Forgets every success of a token, so its credentials are checked again on their next use.
   * Remembered failures stay: a deletion cannot make wrong credentials right.
   */
  evictToken(tokenId: string): void {
    this.#evictions += 1
    this.#verified.deleteWhere((entry) => entry.principal.tokenId === tokenId)
    // a check started before the deletion may still answer "valid": nobody arriving now may share it
    this.#checks.forgetAll()
  }

  /**
   * Forgets every remembered refusal too. For agents' tokens, whose refusal can end (a paused
   * agent resumed): the agent's change evicts it, and its token is checked again on next use.
   */
  evictTokenAndRefusals(tokenId: string): void {
    this.evictToken(tokenId)
    this.#rejected.deleteWhere(() => true)
  }

  /** How many successes are remembered. */
  get size(): number {
    return this.#verified.size
  }

  #check(key: string, credentials: BasicCredentials, requestId: string): Promise<Principal> {
    return this.#checks.run(key, async () => {
      const evictionsBefore = this.#evictions
      try {
        const principal = await this.#authenticate(credentials, requestId)
        // A token deleted while this check was in flight must not be remembered as valid.
        if (this.#evictions === evictionsBefore) this.#rememberSuccess(key, principal)
        return principal
      } catch (err) {
        if (isApiError(err)) this.#rememberRefusal(key, credentials.clientId, err)
        throw err
      }
    })
  }

  #refreshInBackground(key: string, verified: Verified, credentials: BasicCredentials, requestId: string): void {
    verified.refreshAtMs = this.#nowMs() + REFRESH_RETRY_MS
    // The caller is answered from memory; the outcome is recorded by #check (a rejection drops the
    // entry) and anything else leaves the entry to its expiry, so there is nothing to report here.
    this.#check(key, credentials, requestId).catch(() => undefined)
  }

  #rememberSuccess(key: string, principal: Principal): void {
    this.#verified.set(key, { principal, refreshAtMs: this.#nowMs() + this.#ttlMs * REFRESH_AFTER_TTL_FRACTION }, this.#ttlMs)
  }

  /** Transient failures are not remembered: only the platform service's verdicts are. */
  #rememberRefusal(key: string, username: string, refusal: ApiError): void {
    if (refusal.code === 'UNAUTHORIZED') {
      this.#verified.delete(key)
      this.#rejected.set(key, refusal, this.#failureTtlMs)
    }
    // checked on misses only, so a background refresh of a known secret still goes through
    if (refusal.code === 'RATE_LIMITED') this.#rateLimited.set(username, refusal, RATE_LIMITED_BACKOFF_MS)
  }
}

function cacheKey({ clientId, clientSecret }: BasicCredentials): string {
  return createHash('sha256').update(JSON.stringify([clientId, clientSecret])).digest('base64url')
}
