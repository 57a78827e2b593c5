export const VERIFICATION_STATUSES = [
  'RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION',
] as const
export type VerificationOutcome = (typeof VERIFICATION_STATUSES)[number]

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

export interface VerificationView {
  id: string
  customerId: string
  verificationStatus: VerificationOutcome
  errors: VerificationErrorView[]
  createdAt: string
  updatedAt: string
}
