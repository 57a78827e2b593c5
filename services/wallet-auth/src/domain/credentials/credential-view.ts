import type * as contract from '@pp/contracts'
import type { CredentialType } from '../types.js'
import type { CredentialChallenge } from './credentials.js'
import type { AuthMethod } from './types.js'

/** What a credential and a session opened with it show alike. */
export type CredentialFieldsView = Pick<contract.AuthMethod, 'type' | 'credentialId' | 'nickname'>

/** The API's AuthMethod. */
export type AuthMethodView = contract.AuthMethod

/** The API's PasskeyAuthChallenge: the credential and the challenge its authenticator signs. */
export type PasskeyAuthChallengeView = contract.PasskeyAuthChallenge

/** The type is stored as a string; this service writes only its CREDENTIAL_TYPES, the contract's values. */
export const credentialFieldsView = (method: AuthMethod): CredentialFieldsView => ({
  type: method.type as CredentialType,
  credentialId: method.passkeyCredentialId ?? undefined,
  nickname: method.nickname,
})

export const authMethodView = (method: AuthMethod, otpEncryptionTargetBundle?: string): AuthMethodView => ({
  id: method.id,
  accountId: method.accountId,
  ...credentialFieldsView(method),
  createdAt: method.createdAt.toISOString(),
  updatedAt: method.updatedAt.toISOString(),
  otpEncryptionTargetBundle,
})

export const authMethodListView = (methods: AuthMethod[]): contract.AuthMethodListJson => ({ data: methods.map((m) => authMethodView(m)) })

/** OTP credentials answer the credential with a fresh target bundle; a passkey, its WebAuthn challenge. */
export function credentialChallengeView({ authMethod, otpEncryptionTargetBundle, passkey }: CredentialChallenge): contract.AuthCredentialChallengeResponseJson {
  const method = authMethodView(authMethod, otpEncryptionTargetBundle)
  if (!passkey) return method
  return {
    ...method,
    credentialId: authMethod.passkeyCredentialId ?? '',
    challenge: passkey.challenge,
    requestId: passkey.requestId,
    expiresAt: passkey.expiresAt.toISOString(),
  }
}
