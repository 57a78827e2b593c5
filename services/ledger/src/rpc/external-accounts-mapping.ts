import type {
  CreateExternalAccountRequest,
  ExternalAccountBeneficiary,
  ExternalAccountFacts,
  ExternalAccountInfo,
} from '@pp/proto/ledger/v1/external_accounts'
import type { CreateExternalAccountInput } from '../domain/external-accounts/create-input.js'
import type { AccountInfoInput, BeneficiaryInput, ExternalAccountView } from '../domain/external-accounts/types.js'
import { isOwnershipVerified } from '../domain/external-accounts/view.js'

/** Keeps the fields that were set: proto's optional fields arrive as undefined when absent. */
const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

function beneficiaryFromProto({ address, ...fields }: ExternalAccountBeneficiary): BeneficiaryInput {
  return definedOnly({ ...fields, address: address && definedOnly(address) })
}

function accountInfoFromProto({ beneficiary, ...fields }: ExternalAccountInfo): AccountInfoInput {
  return definedOnly({ ...fields, beneficiary: beneficiary && beneficiaryFromProto(beneficiary) })
}

export function createInputFromProto(request: CreateExternalAccountRequest): CreateExternalAccountInput {
  const { accountInfo, ...fields } = request
  return { ...definedOnly(fields), accountInfo: accountInfo && accountInfoFromProto(accountInfo) }
}

/** What payments acts on: owner, currency, proven ownership, and the rails and identifiers that reach the account. */
export function externalAccountFacts(account: ExternalAccountView): ExternalAccountFacts {
  const { paymentRails = [], iban, clabeNumber, accountNumber, pixKey, vpa, phoneNumber, lightningAddress, address, invoice, bolt12 } = account.accountInfo
  return {
    id: account.id,
    customerId: account.customerId,
    currency: account.currency,
    isOwnershipVerified: isOwnershipVerified(account),
    paymentRails,
    iban,
    clabeNumber,
    accountNumber,
    pixKey,
    vpa,
    phoneNumber,
    lightningAddress,
    address,
    invoice,
    bolt12,
    accountType: account.accountInfo.accountType,
  }
}
