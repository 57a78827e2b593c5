import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { credentialBundle } from '../../crypto/bundles.js'
import { canonicalPublicKey, generateP256KeyPair, isP256PublicKey } from '../../crypto/p256.js'
import type { Tx } from '../../db/client.js'
import { activeSessionsOfWallet, findActiveSession, insertSession, revokeActiveSession } from '../../db/sessions.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { completeSignedOperation, type WalletSignatureProof } from '../signed-requests/signed-operation.js'
import type { Tenant } from '../types.js'
import type { AuthMethod } from '../credentials/types.js'
import type { SessionWithMethod } from './types.js'

/** A session with the credential it was opened with, and the sealed key when one was just issued. */
export interface SessionView extends SessionWithMethod {
  encryptedSessionSigningKey?: string
}

type SessionDeps = Pick<WalletAuthDeps, 'db' | 'now' | 'lifetimes'>

/** Opens a session whose signing key is `publicKey` (the OTP login's TEK, held by the client). */
export async function openSession(deps: SessionDeps, tx: Tx, authMethod: AuthMethod, publicKey: string): Promise<SessionView> {
  const now = deps.now()
  const session = await insertSession(tx, {
    id: newId('Session'),
    platformId: authMethod.platformId,
    environment: authMethod.environment,
    accountId: authMethod.accountId,
    authMethodId: authMethod.id,
    publicKey: canonicalPublicKey(publicKey),
    expiresAt: new Date(now.getTime() + deps.lifetimes.sessionMs),
    createdAt: now,
    updatedAt: now,
  })
  return { session, authMethod }
}

/**
 * Opens a session with a fresh P-256 key pair generated here and answers its private key sealed to
 * the client's public key (a credential bundle): the PASSKEY, OAUTH and refresh flows.
 */
export async function openSealedSession(deps: SessionDeps, tx: Tx, authMethod: AuthMethod, clientPublicKey: string): Promise<SessionView> {
  const key = generateP256KeyPair()
  const view = await openSession(deps, tx, authMethod, key.publicKey)
  return { ...view, encryptedSessionSigningKey: credentialBundle(key.privateKey, clientPublicKey) }
}

export async function listSessions(deps: SessionDeps, tenant: Tenant, accountId: string): Promise<SessionView[]> {
  return activeSessionsOfWallet(deps.db, tenant, accountId, deps.now())
}

/** An active session (SESSION_NOT_FOUND when unknown, another tenant's, revoked or expired). */
export async function getSession(deps: SessionDeps, tenant: Tenant, id: string): Promise<SessionView> {
  const view = await findActiveSession(deps.db, tenant, id, deps.now())
  if (!view) throw new ApiError('SESSION_NOT_FOUND', `Session ${id} not found`)
  return view
}

/** Ends an active session, a signed operation of its wallet (possibly signed by the session itself). */
export async function revokeSession(deps: SessionDeps, tenant: Tenant, id: string, proof: WalletSignatureProof | undefined): Promise<void> {
  const { session } = await getSession(deps, tenant, id)
  const operation = { accountId: session.accountId, operation: walletAuthSignedOperation.revokeSession(id) }
  await inTransaction(deps.db, async (tx) => {
    await completeSignedOperation(deps, tx, tenant, operation, proof)
    await endSession(deps, tx, tenant, id)
  })
}

/**
 * Replaces an active session by a new one of the same credential, its key sealed to
 * clientPublicKey: a signed operation of the session's wallet.
 */
export async function refreshSession(
  deps: SessionDeps,
  tenant: Tenant,
  input: { id: string; clientPublicKey: string },
  proof: WalletSignatureProof | undefined,
): Promise<SessionView> {
  const { id, clientPublicKey } = input
  if (!isP256PublicKey(clientPublicKey)) {
    throw invalidInput([{ field: 'clientPublicKey', message: 'expected a P-256 public key, SEC1 hex' }])
  }
  const { session, authMethod } = await getSession(deps, tenant, id)
  const operation = { accountId: session.accountId, operation: walletAuthSignedOperation.refreshSession(id), signedValues: { clientPublicKey } }
  return inTransaction(deps.db, async (tx) => {
    await completeSignedOperation(deps, tx, tenant, operation, proof)
    await endSession(deps, tx, tenant, id)
    return openSealedSession(deps, tx, authMethod, clientPublicKey)
  })
}

async function endSession(deps: SessionDeps, tx: Tx, tenant: Tenant, id: string): Promise<void> {
  const revoked = await revokeActiveSession(tx, tenant, id, deps.now())
  if (!revoked) throw new ApiError('SESSION_NOT_FOUND', `Session ${id} not found`)
}
