import type { ExternalAccountRecord } from '../../db/external-accounts.db.js'
import { isAccountType, rulesOf } from './account-types.js'
import type { ExternalAccountView } from './types.js'
import { statusAt } from './usability.js'

const OWNERSHIP_PENDING = ['PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED']

/** The API's view of an account at `now` (an ACH validation whose window passed counts). */
export function toExternalAccountView(record: ExternalAccountRecord, now: Date): ExternalAccountView {
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

/** False while a first-party self-custody wallet has not proven its ownership. */
export const isOwnershipVerified = (account: ExternalAccountView): boolean => !OWNERSHIP_PENDING.includes(account.status)
