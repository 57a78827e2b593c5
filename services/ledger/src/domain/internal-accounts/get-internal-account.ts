import { readInternalAccount } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import type { InternalAccountView } from './types.js'
import { mustExist, toAccountView } from './view.js'

export async function getInternalAccount(deps: LedgerDeps, tenant: Tenant, accountId: string): Promise<InternalAccountView> {
  return toAccountView(mustExist(await readInternalAccount(deps.sql, tenant, accountId), accountId))
}
