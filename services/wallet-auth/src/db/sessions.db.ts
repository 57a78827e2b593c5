import type { AuthMethod } from '../domain/credentials/types.js'
import type { AuthSession, SessionWithMethod } from '../domain/sessions/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

export type NewSession = Omit<AuthSession, 'revokedAt'>

/** Neither revoked nor expired at `now`. */
const activeWhere = (tenant: Tenant, now: Date) => ({ ...tenant, revokedAt: null, expiresAt: { gt: now } })

const withMethod = ({ authMethod, ...session }: AuthSession & { authMethod: AuthMethod }): SessionWithMethod => ({ session, authMethod })

export async function insertSession(tx: Tx, session: NewSession): Promise<AuthSession> {
  return open(tx).authSession.create({ data: session })
}

/** The wallet's active sessions, newest first. */
export async function activeSessionsOfWallet(db: Db, tenant: Tenant, accountId: string, now: Date): Promise<SessionWithMethod[]> {
  const rows = await open(db).authSession.findMany({
    where: { ...activeWhere(tenant, now), accountId },
    include: { authMethod: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  return rows.map(withMethod)
}

export async function findActiveSession(db: Db, tenant: Tenant, id: string, now: Date): Promise<SessionWithMethod | undefined> {
  const row = await open(db).authSession.findFirst({ where: { ...activeWhere(tenant, now), id }, include: { authMethod: true } })
  return row ? withMethod(row) : undefined
}

/** The wallet's active session signing with `publicKey` (compressed SEC1 hex), if any. */
export async function findActiveSessionByKey(tx: Tx, tenant: Tenant, accountId: string, publicKey: string, now: Date): Promise<AuthSession | undefined> {
  return (await open(tx).authSession.findFirst({ where: { ...activeWhere(tenant, now), accountId, publicKey } })) ?? undefined
}

/** Revokes the session if it is active at `now`; false when it is not (unknown, revoked or expired). */
export async function revokeActiveSession(tx: Tx, tenant: Tenant, id: string, now: Date): Promise<boolean> {
  const { count } = await open(tx).authSession.updateMany({ where: { ...activeWhere(tenant, now), id }, data: { revokedAt: now, updatedAt: now } })
  return count > 0
}
