import { ApiError } from '@pp/errors'
import type { Tenant } from '../types.js'
import { openAccountInfo } from './bank-account-sealing.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustFindAccount } from './find-account.js'

/**
 * The account types a bank file pays: US accounts (NACHA) carry a routing and an account number,
 * EUR IBAN accounts (SEPA pain.001) an IBAN and maybe a BIC.
 */
const BANK_FILE_ACCOUNT_TYPES = ['US_ACCOUNT', 'USD_ACCOUNT', 'EUR_ACCOUNT']

/** What a bank file needs to credit a bank account. */
export interface PayoutBankDetails {
  accountType: string
  routingNumber: string
  /** In full, opened from its seal: the caller writes it into the file and keeps none of it. */
  accountNumber: string
  accountKind: 'CHECKING' | 'SAVINGS'
  beneficiaryType: 'INDIVIDUAL' | 'BUSINESS'
  beneficiaryName: string
  /** An IBAN account's, in full like the account number. */
  iban?: string
  swiftCode?: string
}

/**
 * For payments alone (its caller table says so): a live US or EUR IBAN bank account's numbers for
 * the bank file of a payout. 404 ACCOUNT_NOT_FOUND; 400 INVALID_BANK_ACCOUNT for any other account type.
 */
export async function getPayoutBankDetails(deps: ExternalAccountsDeps, tenant: Tenant, id: string): Promise<PayoutBankDetails> {
  const record = await mustFindAccount(deps.db, tenant, id, 'ANY')
  if (!BANK_FILE_ACCOUNT_TYPES.includes(record.accountType)) {
    throw new ApiError('INVALID_BANK_ACCOUNT', `External account ${id} is a ${record.accountType}, not a US or EUR IBAN bank account`, { externalAccountId: id })
  }
  const info = openAccountInfo(deps.sealing.keyring, record.id, record.accountInfo)
  const beneficiary = info.beneficiary ?? {}
  const isBusiness = beneficiary.beneficiaryType === 'BUSINESS'
  const kind = info.accountCategory ?? info.bankAccountType
  return {
    accountType: record.accountType,
    routingNumber: info.routingNumber ?? '',
    accountNumber: info.accountNumber ?? '',
    accountKind: kind === 'SAVINGS' ? 'SAVINGS' : 'CHECKING',
    beneficiaryType: isBusiness ? 'BUSINESS' : 'INDIVIDUAL',
    beneficiaryName: (isBusiness ? beneficiary.legalName : beneficiary.fullName) ?? beneficiary.fullName ?? beneficiary.legalName ?? '',
    ...(info.iban && { iban: info.iban }),
    ...(info.swiftCode && { swiftCode: info.swiftCode }),
  }
}
