import type { Tx } from '../../db/client.js'
import { findOwnedAccounts } from '../../db/internal-accounts.db.js'
import { lockAccounts } from '../../db/ledger-accounts.db.js'
import { changeStatus } from '../internal-accounts/change-status.js'
import type { AccountStatus } from '../internal-accounts/status-rules.js'
import type { InternalAccountRecord } from '../internal-accounts/types.js'
import { tenantOf, type Origin } from '../types.js'

const isEmpty = ({ balance }: InternalAccountRecord): boolean =>
  balance.creditsPosted === balance.debitsPosted && balance.creditsPending === 0n && balance.debitsPending === 0n

/**
 * What a deleted customer's accounts become: no money moves in or out of them any more. An empty
 * account is CLOSED. One that still holds money, or a hold, is FROZEN: the balance stays on the
 * ledger and in the API, and only an operator lifts the freeze to pay it out (docs/operations.md,
 * "A deleted customer's money"). The owner is locked by the caller and the accounts here, as a
 * transfer locks them, so no movement slips in between the balance read and the status change.
 */
export async function retireDeletedCustomerAccounts(tx: Tx, origin: Origin, customerId: string, at: Date): Promise<void> {
  const tenant = tenantOf(origin)
  const owned = await findOwnedAccounts(tx, tenant, customerId)
  const live = owned.filter((account) => account.status === 'ACTIVE' || account.status === 'PENDING')
  if (live.length === 0) return
  await lockAccounts(tx, tenant, live.map((account) => account.id))
  const locked = (await findOwnedAccounts(tx, tenant, customerId)).filter((account) => account.status === 'ACTIVE' || account.status === 'PENDING')
  for (const account of locked) {
    const next: AccountStatus = isEmpty(account) ? 'CLOSED' : 'FROZEN'
    await changeStatus(tx, origin, account, next, at)
  }
}
