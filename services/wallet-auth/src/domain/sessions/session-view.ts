import { credentialFieldsView, type CredentialFieldsView } from '../credentials/credential-view.js'
import type { SessionView } from './sessions.js'

/** The API's AuthSession: the session, shown with the credential it was opened with. */
export interface AuthSessionView extends CredentialFieldsView {
  id: string
  accountId: string
  createdAt: string
  updatedAt: string
  expiresAt: string
  /** PASSKEY, OAUTH and refresh answers: the session private key sealed to the client's public key. */
  encryptedSessionSigningKey?: string
}

export const authSessionView = ({ session, authMethod, encryptedSessionSigningKey }: SessionView): AuthSessionView => ({
  id: session.id,
  accountId: session.accountId,
  ...credentialFieldsView(authMethod),
  createdAt: session.createdAt.toISOString(),
  updatedAt: session.updatedAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
  encryptedSessionSigningKey,
})

export const authSessionListView = (sessions: SessionView[]): { data: AuthSessionView[] } => ({ data: sessions.map(authSessionView) })
