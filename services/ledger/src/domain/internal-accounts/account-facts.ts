import { findCustomerAccountFacts, readInternalAccount } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import type { InternalAccountFacts } from './types.js'
import { canFundCard, mustExist } from './view.js'

/** What other services act on of one account; 404 ACCOUNT_NOT_FOUND as its read. */
export async function getInternalAccountFacts(deps: LedgerDeps, tenant: Tenant, accountId: string): Promise<InternalAccountFacts> {
  const record = mustExist(await readInternalAccount(deps.sql, tenant, accountId), accountId)
  const { id, customerId, type, status, currency } = record
  return { id, customerId, type, status, currency, canFundCard: canFundCard(record) }
}

/** Every account the customer holds in the currency, newest first; none for an unknown customer. */
export async function listCustomerAccountFacts(deps: LedgerDeps, tenant: Tenant, customerId: string, currency: string): Promise<InternalAccountFacts[]> {
  const accounts = await findCustomerAccountFacts(deps.sql, tenant, customerId, currency)
  return accounts.map((account) => ({ ...account, canFundCard: canFundCard(account) }))
}
