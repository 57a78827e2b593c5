/** A customer's verification state of one contact channel, as stored. */
export interface ContactRow {
  customerId: string
  channel: string
  platformId: string
  environment: string
  sentTo: string | null
  codeHash: string | null
  codeExpiresAt: Date | null
  failedAttempts: number
  windowStartedAt: Date | null
  codesSent: number
  lastSentAt: Date | null
  verifiedContact: string | null
  verifiedAt: Date | null
  updatedAt: Date
}
