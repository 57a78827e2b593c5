import type { AuthMethod } from '../credentials/types.js'

/** A session, as stored. */
export interface AuthSession {
  id: string
  platformId: string
  environment: string
  accountId: string
  authMethodId: string
  /** Compressed SEC1 hex. */
  publicKey: string
  expiresAt: Date
  revokedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

/** A session with the credential it was opened with. */
export interface SessionWithMethod {
  session: AuthSession
  authMethod: AuthMethod
}
