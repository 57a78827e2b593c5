import { ApiError, invalidInput } from '@pp/errors'
import type { Db, Tx } from '../../db/client.js'
import type { SqlRunner } from '@pp/db'
import { findExternalAccount, readExternalAccount, type ExternalAccountRecord, type OwnerScope } from '../../db/external-accounts.db.js'
import type { Tenant } from '../types.js'

/** The scope of an owner_kind: the customer routes see customers' accounts, the platform routes the platform's. */
export function scopeOf(ownerKind: string): Exclude<OwnerScope, 'ANY'> {
  if (ownerKind === 'CUSTOMER' || ownerKind === 'PLATFORM') return ownerKind
  throw invalidInput([{ field: 'ownerKind', message: 'must be CUSTOMER or PLATFORM' }])
}

/** A live account of the tenant within `scope`, else 404 ACCOUNT_NOT_FOUND (another tenant's does not exist). */
export async function mustFindAccount(db: Db | Tx, tenant: Tenant, id: string, scope: OwnerScope): Promise<ExternalAccountRecord> {
  return mustExist(id ? await findExternalAccount(db, tenant, id, scope) : undefined, id)
}

/** `mustFindAccount` for the hot reads outside a transaction: one prepared statement. */
export async function mustReadAccount(sql: SqlRunner, tenant: Tenant, id: string, scope: OwnerScope): Promise<ExternalAccountRecord> {
  return mustExist(id ? await readExternalAccount(sql, tenant, id, scope) : undefined, id)
}

/** The account when it is `customerId`'s (or no customer is named); another customer's does not exist. */
export function ofCustomer(account: ExternalAccountRecord, customerId: string | undefined): ExternalAccountRecord {
  return customerId === undefined || account.customerId === customerId ? account : mustExist(undefined, account.id)
}

function mustExist(account: ExternalAccountRecord | undefined, id: string): ExternalAccountRecord {
  if (!account) throw new ApiError('ACCOUNT_NOT_FOUND', `External account ${id} not found`, { externalAccountId: id })
  return account
}
