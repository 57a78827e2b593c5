import { inTransaction } from '@pp/db'
import { deleteAuthMethodsOfCustomer } from '../../db/auth-methods.db.js'
import { revokeDelegatedKeysOfWallets } from '../../db/delegated-keys.db.js'
import type { WalletAuthDeps } from '../deps.js'
import type { Tenant } from '../types.js'

/**
 * A deleted customer signs nothing any more: its credentials go (their sessions and challenges
 * with them, so no pending request can be signed), and the delegated keys of its wallets are
 * revoked, their private halves erased, so no card spends from them. The wallets' own secrets
 * stay: the money in them is kept for the operator to pay out (the ledger freezes the accounts).
 * Idempotent: a second deletion event finds nothing to do.
 */
export async function retireDeletedCustomer(deps: Pick<WalletAuthDeps, 'db' | 'now'>, tenant: Tenant, customerId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const wallets = await deleteAuthMethodsOfCustomer(tx, tenant, customerId)
    if (wallets.length > 0) await revokeDelegatedKeysOfWallets(tx, tenant, wallets, deps.now())
  })
}
