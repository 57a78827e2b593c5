import { ApiError } from '@pp/errors'
import { scenarioSuffix } from '../../domain/external-accounts/identity.js'
import type { ExternalAccountRails, NewAccountChecks, NewAccountFacts } from '../../domain/external-accounts/rails.js'
import type { BeneficiaryVerificationStatus } from '../../domain/external-accounts/types.js'

/** Sandbox beneficiary verification by the 1xx suffix of the primary identifier (spec table). */
const BENEFICIARY_SUFFIXES: Record<string, BeneficiaryVerificationStatus | 'INVALID'> = {
  '102': 'NOT_MATCHED',
  '103': 'PARTIAL_MATCH',
  '104': 'PENDING',
  '105': 'INVALID',
  '106': 'UNSUPPORTED',
  '107': 'CHECKED_BY_RECEIVING_FI',
}

/**
 * Sandbox suffix 003 is "account closed or invalid": for a US account that is what its ACH
 * validation finds once the window ends (the micro-entry is returned).
 */
const ACH_FAILURE_SUFFIX = '003'

function sandboxBeneficiaryVerification(account: NewAccountFacts): NewAccountChecks['beneficiaryVerification'] {
  if (account.rules.kind !== 'BANK' || account.beneficiaryName === undefined) return undefined
  const suffix = scenarioSuffix(account.primaryIdentifier)
  const outcome = (suffix && BENEFICIARY_SUFFIXES[suffix]) || 'MATCHED'
  if (outcome === 'INVALID') throw new ApiError('INVALID_BANK_ACCOUNT', 'The bank reports the account as invalid')
  const isNameKnown = outcome === 'MATCHED' || outcome === 'PARTIAL_MATCH'
  return { status: outcome, verifiedName: isNameKnown ? account.beneficiaryName : undefined }
}

/** The sandbox rails of the spec: name verification by suffix, ACH validation over a configured window. */
export const sandboxRails = (achValidationWindowMs: number): ExternalAccountRails => ({
  checkNewAccount(account, now) {
    const beneficiaryVerification = sandboxBeneficiaryVerification(account)
    if (!account.rules.isAchValidated) return { beneficiaryVerification }
    const isFailing = scenarioSuffix(account.primaryIdentifier) === ACH_FAILURE_SUFFIX
    const validatesAt = new Date(now.getTime() + achValidationWindowMs)
    return { beneficiaryVerification, achValidation: { validatesAt, outcome: isFailing ? 'FAILED' : 'VALIDATED' } }
  },
})

/**
 * Production: names are not verified (no status is claimed) and a US account stays validating,
 * unusable, until payments' ACH rail records its prenote's outcome (RecordAchValidation); the
 * ACH_VALIDATION_REQUESTED fact committed with the account asks for that prenote.
 */
export const productionRails: ExternalAccountRails = {
  checkNewAccount: (account) => (account.rules.isAchValidated ? { achValidation: { validatesAt: null, outcome: null } } : {}),
}
