import type { VerificationOutcome, VerificationRow, VerificationView } from './types.js'

/** The verification as the API shows it: the answer and the data of its VERIFICATION.* webhook. */
export const toVerificationView = (row: VerificationRow): VerificationView => ({
  id: row.id,
  customerId: row.customerId,
  verificationStatus: row.verificationStatus as VerificationOutcome,
  errors: row.errors as VerificationView['errors'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})
