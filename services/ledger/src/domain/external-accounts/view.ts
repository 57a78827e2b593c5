import type { Logger } from '@pp/logging'
import type { SealingKeyring } from '@pp/secrets'
import type { ExternalAccountRecord } from '../../db/external-accounts.db.js'
import { isAccountType, rulesOf } from './account-types.js'
import { openAccountInfo, UnreadableAccountNumber } from './bank-account-sealing.js'
import type { ExternalAccountView } from './types.js'
import { statusAt } from './usability.js'

const OWNERSHIP_PENDING = ['PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED']

/**
 * The API's view of an account at `now` (an ACH validation whose window passed counts), its bank
 * account numbers opened: the reference shows them in full to the platform that registered them.
 * Throws UnreadableAccountNumber.
 */
export const toExternalAccountView = (record: ExternalAccountRecord, now: Date, keyring: SealingKeyring): ExternalAccountView =>
  openSealedView(keyring, toSealedView(record, now))

/**
 * `toExternalAccountView`, or undefined, logged as an error saying what was `skipped`, for an
 * account whose number does not open: where one damaged row must not stop the others (a list, a batch).
 */
export function viewUnlessUnreadable(record: ExternalAccountRecord, now: Date, keyring: SealingKeyring, logger: Logger, skipped: string): ExternalAccountView | undefined {
  try {
    return toExternalAccountView(record, now, keyring)
  } catch (err) {
    if (!(err instanceof UnreadableAccountNumber)) throw err
    logger.error({ err, externalAccountId: record.id }, `${skipped}: the account's number does not open`)
    return undefined
  }
}

/** The view with the numbers as the row holds them, sealed: what an idempotent create keeps for its replays. */
export function toSealedView(record: ExternalAccountRecord, now: Date): ExternalAccountView {
  const paymentRails = isAccountType(record.accountType) ? rulesOf(record.accountType).paymentRails : []
  return {
    id: record.id,
    customerId: record.customerId ?? undefined,
    status: statusAt(record, now),
    platformAccountId: record.platformAccountId ?? undefined,
    ownershipType: record.ownershipType ?? undefined,
    currency: record.currency,
    defaultUmaDepositAccount: record.defaultUmaDepositAccount,
    beneficiaryVerificationStatus: record.beneficiaryVerificationStatus ?? undefined,
    beneficiaryVerifiedData: record.beneficiaryVerifiedName === null ? undefined : { fullName: record.beneficiaryVerifiedName },
    accountInfo: paymentRails.length > 0 ? { ...record.accountInfo, paymentRails } : record.accountInfo,
  }
}

/** A view kept sealed, as the API shows it. Throws UnreadableAccountNumber. */
export const openSealedView = (keyring: SealingKeyring, view: ExternalAccountView): ExternalAccountView => ({
  ...view,
  accountInfo: openAccountInfo(keyring, view.id, view.accountInfo),
})

/** False while a first-party self-custody wallet has not proven its ownership. */
export const isOwnershipVerified = (account: ExternalAccountView): boolean => !OWNERSHIP_PENDING.includes(account.status)
