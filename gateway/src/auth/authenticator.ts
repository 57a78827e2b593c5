import type { Principal } from '../context.js'

/** What an HTTP Basic header carries: a username and the token's client secret. */
export interface BasicCredentials {
  /** The API token id (`Token:<uuid>`) or the token's client id; the platform service accepts both. */
  clientId: string
  clientSecret: string
}

/**
 * Checks platform credentials and answers who is calling; rejects with ApiError UNAUTHORIZED
 * (its reason naming the failing check) when they are not valid.
 */
export type Authenticator = (credentials: BasicCredentials, requestId: string) => Promise<Principal>
