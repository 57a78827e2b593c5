import type { Verification } from '@pp/contracts'
import type { VerificationStatus } from '@pp/vocabulary'

export { VERIFICATION_STATUSES } from '@pp/vocabulary'
export type VerificationOutcome = VerificationStatus

/** Which path submitted the packet; both give the same transitions and events. */
export type VerificationSource = 'API' | 'HOSTED'

/** One thing that keeps a packet from being verified (the reference's VerificationError). */
export interface VerificationErrorView {
  resourceId: string
  type: string
  field?: string
  acceptedDocumentTypes?: string[]
  reason: string
}

/** The reference's Verification, as the API shows it. */
export type VerificationView = Verification

/** A verification as stored. */
export interface VerificationRow {
  id: string
  platformId: string
  environment: string
  customerId: string
  verificationStatus: string
  errors: unknown
  source: string
  createdAt: Date
  updatedAt: Date
}
