import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { credentialBundle } from '../../crypto/bundles.js'
import { canonicalPublicKey, generateP256KeyPair, isP256PublicKey } from '../../crypto/p256.js'
import type { Tx } from '../../db/client.js'
import type { AuthMethod, AuthSession } from '../../db/generated/client.js'
import type { WalletAuthDeps } from '../deps.js'
import type { Tenant } from '../types.js'

/** A session with the credential it was opened with, and the sealed key when one was just issued. */
export interface SessionView {
  session: AuthSession
  authMethod: AuthMethod
  encryptedSessionSigningKey?: string
}

type SessionDeps = Pick<WalletAuthDeps, 'db' | 'now' | 'lifetimes'>

/** Opens a session whose signing key is `publicKey` (the OTP login's TEK, held by the client). */
export async function openSession(deps: SessionDeps, tx: Tx, authMethod: AuthMethod, publicKey: string): Promise<SessionView> {
  const now = deps.now()
  const session = await tx.authSession.create({
    data: {
      id: newId('Session'),
      platformId: authMethod.platformId,
      environment: authMethod.environment,
      accountId: authMethod.accountId,
      authMethodId: authMethod.id,
      publicKey: canonicalPublicKey(publicKey),
      expiresAt: new Date(now.getTime() + deps.lifetimes.sessionMs),
      createdAt: now,
      updatedAt: now,
    },
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

const activeWhere = (tenant: Tenant, now: Date) => ({ ...tenant, revokedAt: null, expiresAt: { gt: now } })

export async function listSessions(deps: SessionDeps, tenant: Tenant, accountId: string): Promise<SessionView[]> {
  const rows = await deps.db.authSession.findMany({
    where: { ...activeWhere(tenant, deps.now()), accountId },
    include: { authMethod: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  return rows.map(({ authMethod, ...session }) => ({ session, authMethod }))
}

/** An active session (SESSION_NOT_FOUND when unknown, another tenant's, revoked or expired). */
export async function getSession(deps: SessionDeps, tenant: Tenant, id: string): Promise<SessionView> {
  const row = await deps.db.authSession.findFirst({ where: { ...activeWhere(tenant, deps.now()), id }, include: { authMethod: true } })
  if (!row) throw new ApiError('SESSION_NOT_FOUND', `Session ${id} not found`)
  const { authMethod, ...session } = row
  return { session, authMethod }
}

export async function revokeSession(deps: SessionDeps, tenant: Tenant, id: string, tx: Tx = deps.db): Promise<void> {
  const now = deps.now()
  const { count } = await tx.authSession.updateMany({ where: { ...activeWhere(tenant, now), id }, data: { revokedAt: now, updatedAt: now } })
  if (count === 0) throw new ApiError('SESSION_NOT_FOUND', `Session ${id} not found`)
}

/** Replaces an active session by a new one of the same credential, its key sealed to clientPublicKey. */
export async function refreshSession(deps: SessionDeps, tenant: Tenant, id: string, clientPublicKey: string): Promise<SessionView> {
  if (!isP256PublicKey(clientPublicKey)) {
    throw invalidInput([{ field: 'clientPublicKey', message: 'expected a P-256 public key, SEC1 hex' }])
  }
  const { authMethod } = await getSession(deps, tenant, id)
  return deps.db.$transaction(async (tx) => {
    await revokeSession(deps, tenant, id, tx)
    return openSealedSession(deps, tx, authMethod, clientPublicKey)
  })
}
