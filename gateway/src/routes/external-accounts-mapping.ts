import { CreateExternalAccountRequest, ExternalAccountInfo, type ScaProof } from '@pp/proto/ledger/v1/external_accounts'
import type { ExternalAccountInfoJson } from '@pp/contracts'

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

export const timestampToJson = (value: Date | undefined): string => (value ?? new Date(0)).toISOString()
