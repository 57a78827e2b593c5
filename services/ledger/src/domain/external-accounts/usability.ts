import { ApiError } from '@pp/errors'
import type { ExternalAccountRecord } from '../../db/external-accounts.db.js'
import type { AchValidationStatus, ExternalAccountStatus } from './types.js'

type AchFacts = Pick<ExternalAccountRecord, 'achValidationStatus' | 'achValidatesAt' | 'achValidationOutcome'>

/**
 * A US account's ACH validation state at `now`: once the window has passed the outcome holds,
 * whether or not the finishing job has recorded it yet. Undefined for other accounts.
 */
export function achStateAt(account: AchFacts, now: Date): AchValidationStatus | undefined {
  const { achValidationStatus: status, achValidatesAt: validatesAt, achValidationOutcome: outcome } = account
  if (status !== 'VALIDATING') return status ?? undefined
  return validatesAt !== null && outcome !== null && validatesAt <= now ? outcome : 'VALIDATING'
}

/** A production US account whose validation waits for the ACH rail's prenote: no window, no outcome yet. */
export const awaitsAchRail = (account: AchFacts): boolean =>
  account.achValidationStatus === 'VALIDATING' && account.achValidationOutcome === null && account.achValidatesAt === null

/** The status a US account's validation outcome gives it. */
export const statusAfterAch = (outcome: 'VALIDATED' | 'FAILED'): ExternalAccountStatus => (outcome === 'VALIDATED' ? 'ACTIVE' : 'INACTIVE')

/** The account's status at `now`, counting an ACH validation whose window has passed. */
export function statusAt(account: AchFacts & Pick<ExternalAccountRecord, 'status'>, now: Date): ExternalAccountStatus {
  const ach = achStateAt(account, now)
  return account.achValidationStatus === 'VALIDATING' && ach !== 'VALIDATING' && ach !== undefined ? statusAfterAch(ach) : account.status
}

/**
 * Throws unless money may move to or from the account at `now`: 409
 * BANK_ACCOUNT_VALIDATION_PENDING during a US account's validation, 400 INVALID_BANK_ACCOUNT once
 * it failed or when the account is inactive.
 */
export function assertUsable(account: AchFacts & Pick<ExternalAccountRecord, 'status'>, now: Date): void {
  const ach = achStateAt(account, now)
  if (ach === 'VALIDATING') {
    throw new ApiError('BANK_ACCOUNT_VALIDATION_PENDING', 'The US bank account is still being validated; retry later')
  }
  if (ach === 'FAILED') throw new ApiError('INVALID_BANK_ACCOUNT', 'The US bank account failed its ACH validation')
  if (statusAt(account, now) === 'INACTIVE') throw new ApiError('INVALID_BANK_ACCOUNT', 'The external account is inactive')
}
