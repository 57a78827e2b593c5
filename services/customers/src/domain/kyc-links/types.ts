/** A hosted KYC link as stored. */
export interface KycLinkRow {
  id: string
  platformId: string
  environment: string
  customerId: string
  tokenHash: string
  provider: string
  redirectUri: string | null
  expiresAt: Date
  usedAt: Date | null
  createdAt: Date
}
