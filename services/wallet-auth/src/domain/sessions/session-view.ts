import type * as contract from '@pp/contracts'
import { credentialFieldsView } from '../credentials/credential-view.js'
import type { SessionView } from './sessions.js'

/** The API's AuthSession: the session, shown with the credential it was opened with. */
export type AuthSessionView = contract.AuthSession

export const authSessionView = ({ session, authMethod, encryptedSessionSigningKey }: SessionView): AuthSessionView => ({
  id: session.id,
  accountId: session.accountId,
  ...credentialFieldsView(authMethod),
  createdAt: session.createdAt.toISOString(),
  updatedAt: session.updatedAt.toISOString(),
  expiresAt: session.expiresAt.toISOString(),
  encryptedSessionSigningKey,
})

export const authSessionListView = (sessions: SessionView[]): contract.AuthSessionListJson => ({ data: sessions.map(authSessionView) })
