import type { SignedRequest } from '../domain/signed-requests/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

/** Written for the caller's tenant, so its environment is one of Environment's. */
export type NewSignedRequest = Omit<SignedRequest, 'environment' | 'consumedAt'> & Tenant

export async function insertSignedRequest(tx: Tx, request: NewSignedRequest): Promise<void> {
  await open(tx).signedRequest.create({ data: request })
}

/**
 * Inserts the request only when the tenant holds a credential of its wallet, which proves the
 * wallet is the tenant's (a credential is registered once the ledger named the wallet the
 * tenant's): false, and nothing written, otherwise.
 */
export async function insertSignedRequestOfCredentialedWallet(db: Db, request: NewSignedRequest): Promise<boolean> {
  const { id, platformId, environment, accountId, operation, bodyDigest, payloadToSign, signerPublicKey, authMethodId, expiresAt, createdAt } = request
  const inserted = await open(db).$executeRaw`
    INSERT INTO signed_requests
      (id, platform_id, environment, account_id, operation, body_digest, payload_to_sign, signer_public_key, auth_method_id, expires_at, created_at)
    SELECT ${id}, ${platformId}, ${environment}, ${accountId}, ${operation}, ${bodyDigest}, ${payloadToSign}, ${signerPublicKey}, ${authMethodId},
           ${expiresAt}, ${createdAt}
     WHERE EXISTS (SELECT 1 FROM auth_methods WHERE platform_id = ${platformId} AND environment = ${environment} AND account_id = ${accountId})`
  return inserted === 1
}

/** The tenant's request `id`, whichever wallet it is of and whatever its state. */
export async function findTenantSignedRequest(tx: Tx, tenant: Tenant, id: string): Promise<SignedRequest | undefined> {
  return (await open(tx).signedRequest.findFirst({ where: { id, ...tenant } })) ?? undefined
}

/** The wallet's request `id`, whatever its state (consumed, expired). */
export async function findSignedRequest(tx: Tx, tenant: Tenant, accountId: string, id: string): Promise<SignedRequest | undefined> {
  return (await open(tx).signedRequest.findFirst({ where: { id, ...tenant, accountId } })) ?? undefined
}

/**
 * Consumes the request unless it is consumed or expired at `now`: false when a concurrent retry
 * consumed it first. Inside a transaction the row stays locked until it ends, so a concurrent
 * retry waits and passes only if this transaction rolls back.
 */
export async function consumeSignedRequest(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await open(tx).signedRequest.updateMany({ where: { id, consumedAt: null, expiresAt: { gt: now } }, data: { consumedAt: now } })
  return count > 0
}
