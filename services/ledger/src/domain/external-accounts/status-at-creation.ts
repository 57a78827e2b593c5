import type { AccountTypeRules } from './account-types.js'
import type { ValidCreateInput } from './create-input.js'
import type { NewAccountChecks } from './rails.js'
import type { ExternalAccountStatus } from './types.js'

/**
 * A new account is ACTIVE, except a US account under ACH validation (PENDING) and a first-party
 * self-custody wallet (no VASP holds it), whose ownership must be proven first.
 */
export function statusAtCreation(rules: AccountTypeRules, input: ValidCreateInput, checks: NewAccountChecks): ExternalAccountStatus {
  if (checks.achValidation) return 'PENDING'
  const isSelfCustody = rules.ownershipProof !== undefined && input.accountInfo.vaspName === undefined
  if (isSelfCustody && input.ownershipType === 'FIRST_PARTY') return 'PENDING_OWNERSHIP_VERIFICATION'
  return 'ACTIVE'
}
