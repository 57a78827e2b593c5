import type { Principal } from '../context.js'

/** What an HTTP Basic header carries: the API token id and its client secret. */
export interface BasicCredentials {
  clientId: string
  clientSecret: string
}

/**
 * Checks platform credentials and answers who is calling; rejects with ApiError UNAUTHORIZED
 * (its reason naming the failing check) when they are not valid.
 */
export type Authenticator = (credentials: BasicCredentials, requestId: string) => Promise<Principal>
