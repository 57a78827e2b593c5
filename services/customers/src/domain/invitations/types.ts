/** Stored statuses; EXPIRED is shown once a PENDING invitation is past expiresAt. */
export type StoredInvitationStatus = 'PENDING' | 'CLAIMED' | 'CANCELLED'

export interface InvitationRecord {
  code: string
  inviterUma: string
  inviteeUma?: string
  firstName?: string
  amountToSend?: { amount: bigint; currency: string }
  url: string
  status: StoredInvitationStatus
  expiresAt?: Date
  claimedAt?: Date
  createdAt: Date
}

/** The reference's UmaInvitation. */
export interface InvitationView {
  code: string
  createdAt: string
  claimedAt?: string
  url: string
  expiresAt?: string
  inviterUma: string
  inviteeUma?: string
  status: StoredInvitationStatus | 'EXPIRED'
  firstName?: string
  amountToSend?: { amount: number; currency: { code: string; name: string; symbol: string; decimals: number } }
}
