import type { CredentialChallenge } from './credentials.js'
import type { AuthMethod } from './types.js'

/** What a credential and a session opened with it show alike. */
export interface CredentialFieldsView {
  type: string
  /** PASSKEY only: the base64url WebAuthn credential id. */
  credentialId?: string
  nickname: string
}

/** The API's AuthMethod. */
export interface AuthMethodView extends CredentialFieldsView {
  id: string
  accountId: string
  createdAt: string
  updatedAt: string
  /** OTP credentials that just sent a code: the HPKE target the client encrypts it to. */
  otpEncryptionTargetBundle?: string
}

/** The API's PasskeyAuthChallenge: the credential and the challenge its authenticator signs. */
export interface PasskeyAuthChallengeView extends AuthMethodView {
  credentialId: string
  challenge: string
  requestId: string
  expiresAt: string
}

export const credentialFieldsView = (method: AuthMethod): CredentialFieldsView => ({
  type: method.type,
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

export const authMethodListView = (methods: AuthMethod[]): { data: AuthMethodView[] } => ({ data: methods.map((m) => authMethodView(m)) })

/** OTP credentials answer the credential with a fresh target bundle; a passkey, its WebAuthn challenge. */
export function credentialChallengeView({ authMethod, otpEncryptionTargetBundle, passkey }: CredentialChallenge): AuthMethodView | PasskeyAuthChallengeView {
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
