import {
  ExternalAccount,
  ExternalAccountInfo,
  type CreateExternalAccountRequest,
  type ExternalAccountBeneficiary,
} from '@pp/proto/ledger/v1/external_accounts'
import type { CreateExternalAccountInput } from '../domain/external-accounts/create-input.js'
import type { AccountInfoInput, BeneficiaryInput } from '../domain/external-accounts/types.js'
import type { ExternalAccountDetails } from '../domain/external-accounts/view.js'

/** Keeps the fields that were set: proto's optional fields arrive as undefined when absent. */
const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

function beneficiaryFromProto({ address, ...fields }: ExternalAccountBeneficiary): BeneficiaryInput {
  return definedOnly({ ...fields, address: address && definedOnly(address) })
}

function accountInfoFromProto({ beneficiary, paymentRails: _output, ...fields }: ExternalAccountInfo): AccountInfoInput {
  return definedOnly({ ...fields, beneficiary: beneficiary && beneficiaryFromProto(beneficiary) })
}

export function createInputFromProto(request: CreateExternalAccountRequest): CreateExternalAccountInput {
  const { accountInfo, ...fields } = request
  return { ...definedOnly(fields), accountInfo: accountInfo && accountInfoFromProto(accountInfo) }
}

export function externalAccountToProto(details: ExternalAccountDetails): ExternalAccount {
  const { account } = details
  return ExternalAccount.fromPartial({
    id: account.id,
    customerId: account.customerId,
    status: account.status,
    platformAccountId: account.platformAccountId,
    ownershipType: account.ownershipType,
    currency: account.currency,
    defaultUmaDepositAccount: account.defaultUmaDepositAccount,
    beneficiaryVerificationStatus: account.beneficiaryVerificationStatus,
    beneficiaryVerifiedFullName: account.beneficiaryVerifiedData?.fullName,
    accountInfo: ExternalAccountInfo.fromPartial(account.accountInfo),
    isTrustedBeneficiary: details.isTrustedBeneficiary,
    createdAt: new Date(details.createdAt),
    updatedAt: new Date(details.updatedAt),
  })
}
