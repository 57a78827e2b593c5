import { ApiError } from '@pp/errors'
import type { Tx } from '../../db/client.js'
import { applyDelta, type LockedAccount } from '../../db/ledger-accounts.db.js'
import { insertTransfer, type StoredTransfer } from '../../db/transfers.db.js'
import type { Tenant } from '../types.js'
import type { AccountDelta, RecordedLeg } from './types.js'

/**
 * Inside the transfer's transaction, with the internal accounts already locked: one conditional
 * UPDATE per internal account in id order (none may fail, or the whole transfer rolls back), then
 * the transfer and its entries with the proof that they sum to zero per currency, and last the
 * system accounts in id order. Every payment of a tenant touches the same few system accounts
 * (settlement, fees, FX), so their rows are updated only now, right before the commit: their row
 * locks are held for the commit alone instead of the whole transfer, and concurrent transfers
 * queue on them only that long. The fixed order (internal accounts, then system accounts, each by
 * id) keeps deadlocks out.
 */
export async function applyTransfer(
  tx: Tx,
  tenant: Tenant,
  transfer: StoredTransfer,
  deltas: Map<string, AccountDelta>,
  entryLegs: RecordedLeg[],
  accounts: Map<string, LockedAccount>,
): Promise<void> {
  const ids = [...deltas.keys()].sort()
  const isSystem = (id: string) => accounts.get(id)?.kind !== 'INTERNAL'
  for (const accountId of ids.filter((id) => !isSystem(id))) {
    const delta = deltas.get(accountId)!
    if (!(await applyDelta(tx, accountId, delta))) {
      throw new ApiError('INSUFFICIENT_FUNDS', `Account ${accountId} has less than ${delta.availableNeeded} available`, {
        accountId,
        amountNeeded: delta.availableNeeded.toString(),
      })
    }
  }
  const unbalanced = await insertTransfer(tx, tenant, transfer, entryLegs)
  if (unbalanced.length > 0) throw new Error(`transfer ${transfer.id} does not balance in ${unbalanced.join(', ')}`)
  // system accounts may go negative: their update cannot fail
  for (const accountId of ids.filter(isSystem)) await applyDelta(tx, accountId, deltas.get(accountId)!)
}
