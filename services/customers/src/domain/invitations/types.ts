import type { UmaInvitation } from '@pp/contracts'

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
export type InvitationView = UmaInvitation
