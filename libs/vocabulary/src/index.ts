/**
 * Enumerated values of the API that the gateway validates and a service applies: declared once
 * here, so a value the gateway lets through is always one the service knows.
 */

/** The reference's DocumentType values. */
export const DOCUMENT_TYPES = [
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'PROOF_OF_ADDRESS', 'BANK_STATEMENT', 'TAX_RETURN',
  'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT',
  'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT', 'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE',
  'SHAREHOLDER_REGISTER', 'POWER_OF_ATTORNEY', 'UTILITY_BILL', 'ELECTRICITY_BILL', 'RENT_OR_LEASE_AGREEMENT',
  'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT', 'STATE_COMPANY_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT',
  'PARTNERSHIP_AGREEMENT', 'SELFIE', 'OTHER',
] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** A customer's KYC (individual) or KYB (business) status: the reference's KycStatus and KybStatus share these values. */
export const KYC_STATUSES = ['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'] as const
export type KycStatus = (typeof KYC_STATUSES)[number]

/** Where a verification (a submitted KYC/KYB packet) stands. */
export const VERIFICATION_STATUSES = [
  'RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION',
] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/**
 * Why a reviewed verification is rejected: the reference's VerificationErrorType values that judge
 * the documents or the applicant (not the MISSING_* ones, which keep a packet from review at all).
 */
export const VERIFICATION_REJECTION_REASONS = [
  'INVALID_FIELD', 'INVALID_DOCUMENT', 'EXPIRED_DOCUMENT', 'POOR_QUALITY_DOCUMENT', 'SUSPECTED_FRAUD_DOCUMENT',
  'WRONG_DOCUMENT_TYPE', 'INCOMPLETE_DOCUMENT', 'UNREADABLE_DOCUMENT', 'DOCUMENT_VERIFICATION_FAILED',
  'APPLICANT_SANCTIONED', 'APPLICANT_FRAUD', 'APPLICANT_CRIMINAL_RECORD', 'APPLICANT_REJECTED',
] as const
export type VerificationRejectionReason = (typeof VERIFICATION_REJECTION_REASONS)[number]

/** What an API token may do, as the spec names it. */
export const PERMISSIONS = ['VIEW', 'TRANSACT', 'MANAGE'] as const
export type Permission = (typeof PERMISSIONS)[number]

export { contactChangePrefix, walletAuthSignedOperation, type ContactChange } from './signed-operations.js'
