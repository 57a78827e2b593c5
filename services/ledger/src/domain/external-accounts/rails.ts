import type { AccountTypeRules } from './account-types.js'
import type { BeneficiaryVerificationStatus } from './types.js'

/** What the bank side says of a new account, decided when it is created. */
export interface NewAccountChecks {
  beneficiaryVerification?: { status: BeneficiaryVerificationStatus; verifiedName?: string }
  /** For a US account: when its ACH validation ends (null: when a rail answers) and how. */
  achValidation?: { validatesAt: Date | null; outcome: 'VALIDATED' | 'FAILED' | null }
}

export interface NewAccountFacts {
  rules: AccountTypeRules
  primaryIdentifier: string
  /** The beneficiary's full or legal name, when the account names one. */
  beneficiaryName?: string
}

/**
 * The bank rails behind external accounts: beneficiary name verification and ACH validation.
 * Throws 400 INVALID_BANK_ACCOUNT when the bank reports the account itself invalid.
 */
export interface ExternalAccountRails {
  checkNewAccount(account: NewAccountFacts, now: Date): NewAccountChecks
}
