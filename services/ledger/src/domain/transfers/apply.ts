import { ApiError } from '@pp/errors'
import type { Tx } from '../../db/client.js'
import { applyDelta } from '../../db/ledger-accounts.db.js'
import { insertTransfer, type StoredTransfer } from '../../db/transfers.db.js'
import type { Tenant } from '../types.js'
import type { AccountDelta, RecordedLeg } from './types.js'

/**
 * Inside the transfer's transaction, with the accounts already locked: one conditional UPDATE per
 * account in id order (none may fail, or the whole transfer rolls back), then the transfer and
 * its entries, then the proof that the entries sum to zero per currency.
 */
export async function applyTransfer(
  tx: Tx,
  tenant: Tenant,
  transfer: StoredTransfer,
  deltas: Map<string, AccountDelta>,
  entryLegs: RecordedLeg[],
): Promise<void> {
  for (const accountId of [...deltas.keys()].sort()) {
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
}
