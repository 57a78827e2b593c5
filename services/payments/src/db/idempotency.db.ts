import type { Tenant } from '../domain/types.js'
import type { Db, Tx } from './client.js'
import type { Prisma } from './generated/client.js'

export interface StoredIdempotentCall {
  fingerprint: string
  response: unknown
}

export async function findIdempotentCall(db: Db, tenant: Tenant, key: string): Promise<StoredIdempotentCall | undefined> {
  const row = await db.idempotencyKey.findUnique({
    where: { platformId_environment_key: { ...tenant, key } },
    select: { fingerprint: true, response: true },
  })
  return row ?? undefined
}

/** Written in the effect's transaction: a concurrent twin blocks on the key, then fails on it. */
export async function insertIdempotentCall(tx: Tx, tenant: Tenant, key: string, call: StoredIdempotentCall, createdAt: Date): Promise<void> {
  await tx.idempotencyKey.create({
    data: { ...tenant, key, fingerprint: call.fingerprint, response: call.response as Prisma.InputJsonObject, createdAt },
  })
}

/** Undoes a key whose effect was refused, so the caller may retry it once the cause is fixed. */
export async function deleteIdempotentCall(tx: Tx, tenant: Tenant, key: string): Promise<void> {
  await tx.idempotencyKey.deleteMany({ where: { ...tenant, key } })
}
