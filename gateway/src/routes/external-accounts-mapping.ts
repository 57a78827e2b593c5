import {
  CreateExternalAccountRequest,
  ExternalAccountInfo,
  type ExternalAccount,
  type ExternalAccountBeneficiary,
  type ScaProof,
} from '@pp/proto/ledger/v1/external_accounts'
import { isoTimestamp } from '../schemas/common.js'
import type { ExternalAccountJson } from '../schemas/external-accounts.js'
import type { ExternalAccountInfoJson } from '../schemas/external-accounts-info.js'

interface CreateBody {
  customerId?: string
  currency: string
  platformAccountId?: string
  ownershipType?: string
  defaultUmaDepositAccount?: boolean
  accountInfo: ExternalAccountInfoJson
}

/** The proto message of a create body; `customerId` is absent on the platform route. */
export function createBodyToProto(ownerKind: 'CUSTOMER' | 'PLATFORM', body: CreateBody): CreateExternalAccountRequest {
  const { accountInfo, ...fields } = body
  // every accountInfo field name is the proto field's (camelCase); fromPartial keeps the known ones
  const info = ExternalAccountInfo.fromPartial(accountInfo as Parameters<typeof ExternalAccountInfo.fromPartial>[0])
  return CreateExternalAccountRequest.fromPartial({ ownerKind, ...fields, accountInfo: info })
}

/** Proto's unset fields are undefined; JSON leaves them out. */
const definedOnly = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

function beneficiaryToJson({ address, ...fields }: ExternalAccountBeneficiary) {
  return definedOnly({ ...fields, address: address && definedOnly(address) })
}

function accountInfoToJson({ beneficiary, paymentRails, ...fields }: ExternalAccountInfo) {
  return definedOnly({
    ...fields,
    beneficiary: beneficiary && beneficiaryToJson(beneficiary),
    paymentRails: paymentRails.length > 0 ? paymentRails : undefined,
  })
}

/** The API's ExternalAccount; service-only fields (trust flag, timestamps) stay behind. */
export function externalAccountToJson(account: ExternalAccount): ExternalAccountJson {
  return definedOnly({
    id: account.id,
    customerId: account.customerId,
    status: account.status,
    platformAccountId: account.platformAccountId,
    ownershipType: account.ownershipType,
    currency: account.currency,
    defaultUmaDepositAccount: account.defaultUmaDepositAccount,
    beneficiaryVerificationStatus: account.beneficiaryVerificationStatus,
    beneficiaryVerifiedData: account.beneficiaryVerifiedFullName === undefined ? undefined : { fullName: account.beneficiaryVerifiedFullName },
    // the service answers account information it validated against these same shapes
    accountInfo: accountInfoToJson(account.accountInfo!) as ExternalAccountInfoJson,
  }) as ExternalAccountJson
}

interface TrustConfirmBody {
  challengeId?: string | null
  code?: string | null
  passkeyAssertion?: Record<string, unknown> | null
  origin?: string | null
}

export function trustProofToProto(body: TrustConfirmBody): ScaProof {
  return {
    challengeId: body.challengeId ?? undefined,
    code: body.code ?? undefined,
    passkeyAssertionJson: body.passkeyAssertion ? JSON.stringify(body.passkeyAssertion) : undefined,
    origin: body.origin ?? undefined,
  }
}

export const timestampToJson = (value: Date | undefined): string => isoTimestamp(value) ?? new Date(0).toISOString()
