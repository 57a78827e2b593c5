import type { ExternalAccount } from '@pp/contracts'
import type { AccountField, BeneficiaryField } from '@pp/contracts/external-account-fields'
import type { Tenant } from '../types.js'

export const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const
export type AddressInput = Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>

export type BeneficiaryInput = Partial<Record<BeneficiaryField, string>> & { address?: AddressInput }

/** An `accountInfo` as a caller sends it; the account type's rules say which fields belong. */
export type AccountInfoInput = Partial<Record<AccountField, string>> & {
  accountType: string
  beneficiary?: BeneficiaryInput
}

export const OWNERSHIP_TYPES = ['FIRST_PARTY', 'THIRD_PARTY'] as const
export type OwnershipType = (typeof OWNERSHIP_TYPES)[number]

/** The reference's ExternalAccountStatus. */
export type ExternalAccountStatus =
  | 'PENDING' | 'ACTIVE' | 'PENDING_OWNERSHIP_VERIFICATION' | 'UNVERIFIED' | 'UNDER_REVIEW' | 'INACTIVE'

export type BeneficiaryVerificationStatus =
  | 'MATCHED' | 'NOT_MATCHED' | 'PARTIAL_MATCH' | 'PENDING' | 'UNSUPPORTED' | 'CHECKED_BY_RECEIVING_FI'

/** A US bank account's ACH validation (micro-entry and return window); other accounts have none. */
export type AchValidationStatus = 'VALIDATING' | 'VALIDATED' | 'FAILED'

/** Whose account it is: a customer's, or the platform's own (customerId absent). */
export type AccountOwner = { kind: 'CUSTOMER'; customerId: string } | { kind: 'PLATFORM' }

/**
 * An external account as the API shows it (and as events carry it). The ledger reads and writes
 * `accountInfo` field by field, by the rules of its type, so it keeps it as the record of fields
 * it was accepted as; view.test.ts holds every type's view to the contract's ExternalAccountInfo.
 */
export type ExternalAccountView = Omit<ExternalAccount, 'accountInfo'> & { accountInfo: AccountInfoInput & { paymentRails?: string[] } }

/** What an external account's challenge proves: a trust or untrust step (SCA), or control of the wallet. */
export type ChallengePurpose = 'TRUST' | 'UNTRUST' | 'OWNERSHIP'

/** An external account's challenge; the latest unresolved one of an account and purpose is the one a confirm or verify answers. */
export interface ChallengeRecord extends Tenant {
  id: string
  externalAccountId: string
  purpose: ChallengePurpose
  /** SMS_OTP for SCA challenges; WALLET_SIGNATURE for ownership. */
  method: string
  /** The exact message a wallet signs (ownership challenges). */
  messageToSign: string | null
  expiresAt: Date
  createdAt: Date
  resolvedAt: Date | null
}
