import type { z } from '@hono/zod-openapi'
import type {
  AuthMethod,
  AuthSession,
  ChallengeAuthCredentialResponse,
  CreateAuthCredentialRequest,
  DelegatedKey,
  VerifyAuthCredentialRequest,
} from '@pp/proto/wallet_auth/v1/wallet_auth'
import type {
  AuthCredentialCreateRequest,
  AuthCredentialVerifyRequest,
  AuthMethodSchema,
  PasskeyAuthChallengeSchema,
} from '../schemas/auth-credentials.js'
import type { AuthSessionSchema } from '../schemas/auth-sessions.js'
import type { DelegatedKeySchema } from '../schemas/auth-delegated-keys.js'
import { isoTimestamp } from '../schemas/common.js'

type AuthMethodJson = z.infer<typeof AuthMethodSchema>
type AuthType = AuthMethodJson['type']

const present = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }

/** What a credential and a session opened with it show alike. */
const credentialFields = (record: AuthMethod | AuthSession) => ({
  id: record.id,
  accountId: record.accountId,
  type: record.type as AuthType,
  ...present('credentialId', record.credentialId),
  nickname: record.nickname,
  createdAt: isoTimestamp(record.createdAt)!,
  updatedAt: isoTimestamp(record.updatedAt)!,
})

export const authMethodToJson = (method: AuthMethod): AuthMethodJson => ({
  ...credentialFields(method),
  ...present('otpEncryptionTargetBundle', method.otpEncryptionTargetBundle),
})

/** OTP credentials answer the credential (with a fresh target bundle); a passkey, its WebAuthn challenge. */
export function challengeToJson(answer: ChallengeAuthCredentialResponse): AuthMethodJson | z.infer<typeof PasskeyAuthChallengeSchema> {
  const method = authMethodToJson(answer.authMethod!)
  if (answer.challenge === undefined) return method
  return {
    ...method,
    credentialId: answer.authMethod?.credentialId ?? '',
    challenge: answer.challenge,
    requestId: answer.requestId ?? '',
    expiresAt: isoTimestamp(answer.expiresAt)!,
  }
}

export const sessionToJson = (session: AuthSession): z.infer<typeof AuthSessionSchema> => ({
  ...credentialFields(session),
  expiresAt: isoTimestamp(session.expiresAt)!,
  ...present('encryptedSessionSigningKey', session.encryptedSessionSigningKey),
})

export const delegatedKeyToJson = (key: DelegatedKey): z.infer<typeof DelegatedKeySchema> => ({
  ...key,
  status: key.status as z.infer<typeof DelegatedKeySchema>['status'],
  createdAt: isoTimestamp(key.createdAt)!,
  updatedAt: isoTimestamp(key.updatedAt)!,
})

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
