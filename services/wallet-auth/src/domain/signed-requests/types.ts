/** A single-use request of a signed operation, as stored: pending until consumed or expired. */
export interface SignedRequest {
  id: string
  platformId: string
  environment: string
  accountId: string
  operation: string
  bodyDigest: string
  payloadToSign: string
  /** The only key that may sign (compressed SEC1 hex), or null for any active session key of the wallet. */
  signerPublicKey: string | null
  authMethodId: string | null
  expiresAt: Date
  consumedAt: Date | null
  createdAt: Date
}
