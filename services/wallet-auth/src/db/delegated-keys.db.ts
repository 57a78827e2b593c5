import type { DelegatedKey } from '../domain/delegated-keys/types.js'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

export interface NewDelegatedKey extends Tenant {
  id: string
  accountId: string
  cardId: string
  fundingSourceId: string
  /** The funding source while ACTIVE (its unique index allows one ACTIVE key per funding source). */
  activeFundingSourceId: string
  publicKey: string
  /** Sealed at rest, under the key sealingKeyId names. */
  privateKey: Uint8Array<ArrayBuffer>
  sealingKeyId: string
  nickname: string
  status: 'ACTIVE'
  createdAt: Date
  updatedAt: Date
}

export interface DelegatedKeyFilter {
  accountId?: string
  fundingSourceId?: string
}

/** A second ACTIVE key of the funding source fails as a unique violation. */
export async function insertDelegatedKey(tx: Tx, key: NewDelegatedKey): Promise<DelegatedKey> {
  return open(tx).delegatedKey.create({ data: key })
}

/** The tenant's keys matching every filter given, newest first. */
export async function findDelegatedKeys(db: Db, tenant: Tenant, filter: DelegatedKeyFilter): Promise<DelegatedKey[]> {
  return open(db).delegatedKey.findMany({
    where: { ...tenant, ...(filter.accountId ? { accountId: filter.accountId } : {}), ...(filter.fundingSourceId ? { fundingSourceId: filter.fundingSourceId } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
}

export async function findDelegatedKey(db: Db, tenant: Tenant, id: string): Promise<DelegatedKey | undefined> {
  return (await open(db).delegatedKey.findFirst({ where: { ...tenant, id } })) ?? undefined
}

/** Whether the card's funding source has an ACTIVE key (the unique index on the active funding source finds it). */
export async function hasActiveDelegatedKey(db: Db, tenant: Tenant, cardId: string, fundingSourceId: string): Promise<boolean> {
  const key = await open(db).delegatedKey.findFirst({ where: { ...tenant, activeFundingSourceId: fundingSourceId, cardId, status: 'ACTIVE' }, select: { id: true } })
  return key !== null
}

// a revoked key signs nothing again: its private half is erased, the public half stays for the record
const revoked = (now: Date) => ({ status: 'REVOKED', activeFundingSourceId: null, privateKey: new Uint8Array(0), updatedAt: now })

/** ACTIVE → REVOKED, freeing its funding source for a new key; false when the key is not ACTIVE. */
export async function revokeActiveDelegatedKey(db: Db, tenant: Tenant, id: string, now: Date): Promise<boolean> {
  const { count } = await open(db).delegatedKey.updateMany({ where: { ...tenant, id, status: 'ACTIVE' }, data: revoked(now) })
  return count > 0
}

/** Revokes every ACTIVE key of the wallets. */
export async function revokeDelegatedKeysOfWallets(tx: Tx, tenant: Tenant, accountIds: string[], now: Date): Promise<void> {
  await open(tx).delegatedKey.updateMany({ where: { ...tenant, accountId: { in: accountIds }, status: 'ACTIVE' }, data: revoked(now) })
}
