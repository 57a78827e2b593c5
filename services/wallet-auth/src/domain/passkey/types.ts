/** A passkey authentication challenge, as stored: pending until used or expired. */
export interface StoredPasskeyChallenge {
  id: string
  authMethodId: string
  /** Lowercase SHA-256 hex of the session-creation body it binds. */
  challenge: string
  clientPublicKey: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: Date
}
