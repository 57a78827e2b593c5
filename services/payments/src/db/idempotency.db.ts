import { prepared, type SqlRunner } from '@pp/db'
import type { Tenant } from '../domain/types.js'
import type { Tx } from './client.js'
import type { Prisma } from './generated/client.js'

export interface StoredIdempotentCall {
  fingerprint: string
  response: unknown
}

const FIND_IDEMPOTENT_CALL = prepared(
  'payments_find_idempotent_call',
  'SELECT fingerprint, response FROM idempotency_keys WHERE platform_id = $1 AND environment = $2 AND key = $3',
)

export async function findIdempotentCall(sql: SqlRunner, tenant: Tenant, key: string): Promise<StoredIdempotentCall | undefined> {
  const [row] = await sql.query<StoredIdempotentCall>(FIND_IDEMPOTENT_CALL, [tenant.platformId, tenant.environment, key])
  return row
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
