import type { CreateAuthCredentialRequest, VerifyAuthCredentialRequest } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { AuthCredentialCreateRequest, AuthCredentialVerifyRequest } from '@pp/contracts'

export function createRequestToProto(body: AuthCredentialCreateRequest): CreateAuthCredentialRequest {
  switch (body.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return { accountId: body.accountId, type: body.type }
    case 'OAUTH':
      return { accountId: body.accountId, type: body.type, oidcToken: body.oidcToken }
    case 'PASSKEY':
      return {
        accountId: body.accountId,
        type: body.type,
        nickname: body.nickname,
        challenge: body.challenge,
        attestation: { ...body.attestation, transports: body.attestation.transports ?? [] },
      }
  }
}

/** The verify body with the headers that belong to it: the OTP signed retry, or the passkey challenge's request id. */
export function verifyRequestToProto(
  id: string,
  body: AuthCredentialVerifyRequest,
  headers: { requestId?: string; walletSignature?: string },
): VerifyAuthCredentialRequest {
  const common = { id, type: body.type, ...headers }
  switch (body.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return { ...common, encryptedOtpBundle: body.encryptedOtpBundle }
    case 'OAUTH':
      return { ...common, oidcToken: body.oidcToken, clientPublicKey: body.clientPublicKey }
    case 'PASSKEY':
      return { ...common, assertion: body.assertion }
  }
}
