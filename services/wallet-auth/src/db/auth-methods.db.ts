import type { ContactChange } from '@pp/vocabulary'
import type { AuthMethod } from '../domain/credentials/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'
import type { Prisma } from './generated/client.js'

export type NewAuthMethod = Prisma.AuthMethodUncheckedCreateInput

/** An OTP credential whose contact a change of the customer's contacts replaces. */
export interface ReplacedCredential {
  id: string
  accountId: string
  type: 'EMAIL_OTP' | 'SMS_OTP'
}

/**
 * The customer's OTP credentials signing in at an address the change replaces (EMAIL_OTP for a new
 * email, SMS_OTP for a new phone number), by id, locked until the transaction ends when read in
 * one (a lone read takes no lasting lock). One statement on the tenant's customer index.
 */
export async function findCredentialsReplacedBy(runner: Db | Tx, tenant: Tenant, customerId: string, change: ContactChange): Promise<ReplacedCredential[]> {
  if (change.email === undefined && change.phoneNumber === undefined) return []
  return open(runner).$queryRaw<ReplacedCredential[]>`
    SELECT id, account_id AS "accountId", type FROM auth_methods
     WHERE platform_id = ${tenant.platformId} AND environment = ${tenant.environment} AND customer_id = ${customerId}
       AND ((type = 'EMAIL_OTP' AND ${change.email ?? null}::text IS NOT NULL AND email IS DISTINCT FROM ${change.email ?? null}::text)
         OR (type = 'SMS_OTP' AND ${change.phoneNumber ?? null}::text IS NOT NULL AND phone_number IS DISTINCT FROM ${change.phoneNumber ?? null}::text))
     ORDER BY id
       FOR UPDATE`
}

/** The credential takes the customer's new contact: an OTP credential's nickname is its contact. */
export async function updateOtpContact(tx: Tx, credential: ReplacedCredential, change: ContactChange, now: Date): Promise<void> {
  const contact = credential.type === 'EMAIL_OTP' ? { email: change.email! } : { phoneNumber: change.phoneNumber! }
  await open(tx).authMethod.update({ where: { id: credential.id }, data: { ...contact, nickname: contact.email ?? contact.phoneNumber, updatedAt: now } })
}

/** Unique violations surface as the thrown error; the caller names the duplicate from its index. */
export async function insertAuthMethod(tx: Tx, method: NewAuthMethod): Promise<AuthMethod> {
  return open(tx).authMethod.create({ data: method })
}

export async function findAuthMethod(db: Db, tenant: Tenant, id: string): Promise<AuthMethod | undefined> {
  return (await open(db).authMethod.findFirst({ where: { ...tenant, id } })) ?? undefined
}

/** The wallet's credentials, oldest first. */
export async function authMethodsOfWallet(db: Db, tenant: Tenant, accountId: string): Promise<AuthMethod[]> {
  return open(db).authMethod.findMany({ where: { ...tenant, accountId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
}

export async function countAuthMethodsOfWallet(tx: Tx, tenant: Tenant, accountId: string): Promise<number> {
  return open(tx).authMethod.count({ where: { ...tenant, accountId } })
}

/** The ids of the wallet's credentials, locked until the transaction ends: a decision on how many remain holds until then. */
export async function lockAuthMethodsOfWallet(tx: Tx, tenant: Tenant, accountId: string): Promise<string[]> {
  const locked = await open(tx).$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "auth_methods"
    WHERE "platform_id" = ${tenant.platformId} AND "environment" = ${tenant.environment} AND "account_id" = ${accountId}
    FOR UPDATE`
  return locked.map((row) => row.id)
}

/**
 * Deletes every credential of the customer, and with them their sessions and challenges; answers
 * the wallets they signed in to.
 */
export async function deleteAuthMethodsOfCustomer(tx: Tx, tenant: Tenant, customerId: string): Promise<string[]> {
  const deleted = await open(tx).$queryRaw<{ accountId: string }[]>`
    DELETE FROM "auth_methods"
    WHERE "platform_id" = ${tenant.platformId} AND "environment" = ${tenant.environment} AND "customer_id" = ${customerId}
    RETURNING "account_id" AS "accountId"`
  return [...new Set(deleted.map((row) => row.accountId))]
}

/** Deletes the credential; its sessions and challenges go with it (ON DELETE CASCADE). */
export async function deleteAuthMethod(tx: Tx, id: string): Promise<void> {
  await open(tx).authMethod.delete({ where: { id } })
}

export async function isPasskeyRegistered(tx: Tx, tenant: Tenant, passkeyCredentialId: string): Promise<boolean> {
  return (await open(tx).authMethod.findFirst({ where: { ...tenant, passkeyCredentialId }, select: { id: true } })) !== null
}

/**
 * Moves the passkey's signature counter from `from` to `to` unless it moved since `from` was read:
 * false when it did (a replayed or concurrent assertion).
 */
export async function advancePasskeyCounter(tx: Tx, id: string, from: bigint | null, to: number, updatedAt: Date): Promise<boolean> {
  const { count } = await open(tx).authMethod.updateMany({ where: { id, passkeyCounter: from }, data: { passkeyCounter: to, updatedAt } })
  return count > 0
}
