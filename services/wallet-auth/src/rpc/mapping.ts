import type {
  AuthMethod as AuthMethodProto,
  AuthSession as AuthSessionProto,
  DelegatedKey as DelegatedKeyProto,
  SignedRequestChallenge as ChallengeProto,
} from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { AuthMethod, DelegatedKey } from '../db/generated/client.js'
import type { SessionView } from '../domain/sessions/sessions.js'
import type { SignedRequestChallenge } from '../domain/signed-requests/signed-requests.js'

export const authMethodToProto = (method: AuthMethod, otpEncryptionTargetBundle?: string): AuthMethodProto => ({
  id: method.id,
  accountId: method.accountId,
  type: method.type,
  credentialId: method.passkeyCredentialId ?? undefined,
  nickname: method.nickname,
  createdAt: method.createdAt,
  updatedAt: method.updatedAt,
  otpEncryptionTargetBundle,
})

export const sessionToProto = ({ session, authMethod, encryptedSessionSigningKey }: SessionView): AuthSessionProto => ({
  id: session.id,
  accountId: session.accountId,
  type: authMethod.type,
  credentialId: authMethod.passkeyCredentialId ?? undefined,
  nickname: authMethod.nickname,
  createdAt: session.createdAt,
  updatedAt: session.updatedAt,
  expiresAt: session.expiresAt,
  encryptedSessionSigningKey,
  authMethodId: authMethod.id,
})

export const challengeToProto = (challenge: SignedRequestChallenge): ChallengeProto => ({ ...challenge })

/** A delegated key as the API shows it: never its private half. */
export const delegatedKeyToProto = (key: DelegatedKey): DelegatedKeyProto => ({
  id: key.id,
  cardId: key.cardId,
  fundingSourceId: key.fundingSourceId,
  accountId: key.accountId,
  publicKey: key.publicKey,
  nickname: key.nickname,
  status: key.status,
  createdAt: key.createdAt,
  updatedAt: key.updatedAt,
})
