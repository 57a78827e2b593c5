import { invalidInput } from '@pp/errors'
import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findInternalAccount, updateAccountPrivacy } from '../../db/internal-accounts.db.js'
import { lockAccounts } from '../../db/ledger-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import type { InternalAccountView } from './types.js'
import { mustExist, toAccountView } from './view.js'

export interface AccountUpdate {
  accountId: string
  privateEnabled?: boolean
}

/**
 * PATCH /internal-accounts/{id}: privacy is the one mutable field and exists on embedded wallets
 * only (the table's CHECK says the same). The row is locked as a transfer locks it, so the read
 * and the write see one state.
 */
export async function updateInternalAccount(deps: LedgerDeps, tenant: Tenant, update: AccountUpdate): Promise<InternalAccountView> {
  const { privateEnabled } = update
  if (privateEnabled === undefined) {
    throw invalidInput([{ field: 'privateEnabled', message: 'is required: it is the only field an internal account update changes' }])
  }
  return inTransaction(deps.db, async (tx: Tx) => {
    await lockAccounts(tx, tenant, [update.accountId])
    const account = mustExist(await findInternalAccount(tx, tenant, update.accountId), update.accountId)
    if (account.type !== 'EMBEDDED_WALLET') {
      throw invalidInput(
        [{ field: 'privateEnabled', message: `applies to EMBEDDED_WALLET accounts only; ${account.id} is ${account.type}` }],
        'Only an embedded wallet has a privacy setting',
      )
    }
    const at = deps.now()
    await updateAccountPrivacy(tx, account.id, privateEnabled, at)
    return toAccountView({ ...account, privateEnabled, updatedAt: at })
  })
}
