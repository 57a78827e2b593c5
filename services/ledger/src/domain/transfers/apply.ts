import { ApiError } from '@pp/errors'
import type { SqlRunner } from '@pp/db'
import { counter } from '@pp/metrics'
import type { LockedAccount } from '../../db/ledger-accounts.db.js'
import { finishMovement, writeMovement, type TransferRecord } from '../../db/movements.db.js'
import { balanceUpdates } from '../../events/outbox.js'
import type { InternalAccountView } from '../internal-accounts/types.js'
import { toAccountView } from '../internal-accounts/view.js'
import type { Origin } from '../types.js'
import type { AccountDelta } from './types.js'

const transfersApplied = counter('ledger_transfers_total', 'Ledger transfers applied, by kind (DIRECT, PENDING, POST, VOID); a rolled-back transaction counts too', ['kind'])

/**
 * Inside the transfers' transaction, with the internal accounts already locked: the internal
 * accounts' conditional deltas with the transfers and their entries in one statement (none may
 * fail, or the whole transaction rolls back), then the system accounts one by one in id order,
 * the first together with the outbox rows. Every payment of a tenant touches the same few system
 * accounts (settlement, fees, FX), so their rows are updated only now, right before the commit:
 * their row locks are held for the commit alone, and concurrent transfers queue on them only that
 * long. One statement takes at most one system row, and every transaction takes them in id order
 * after its internal accounts, so deadlocks stay out.
 *
 * Every moved internal account of the API gets one INTERNAL_ACCOUNT.BALANCE_UPDATED, whatever moved
 * it, carrying the account as the API now shows it: one per account however many transfers the
 * transaction records (a hold posted at once is one change), since every ledger transaction applies
 * its transfers in one call. The outbox rows ride on the first system account's statement, so they
 * cost at most one statement and lengthen no system row's lock. Answers those accounts.
 */
export async function applyTransfers(
  runner: SqlRunner,
  origin: Origin,
  records: TransferRecord[],
  deltas: Map<string, AccountDelta>,
  accounts: Map<string, LockedAccount>,
): Promise<InternalAccountView[]> {
  const ids = [...deltas.keys()].sort()
  const isInternal = (id: string): boolean => accounts.get(id)?.kind === 'INTERNAL'
  const withDelta = (id: string): [string, AccountDelta] => [id, deltas.get(id)!]
  const internal = ids.filter(isInternal)
  const { moved, unbalanced, accounts: changed } = await writeMovement(runner, origin, internal.map(withDelta), records)
  const short = internal.find((id) => !moved.has(id))
  if (short !== undefined) {
    const needed = deltas.get(short)!.availableNeeded
    throw new ApiError('INSUFFICIENT_FUNDS', `Account ${short} has less than ${needed} available`, { accountId: short, amountNeeded: needed.toString() })
  }
  if (unbalanced.length > 0) throw new Error(`transfer ${records.map((r) => r.transfer.id).join(', ')} does not balance in ${unbalanced.join(', ')}`)
  const views = changed.map(toAccountView)
  await finishMovement(runner, ids.filter((id) => !isInternal(id)).map(withDelta), balanceUpdates(origin, views))
  for (const { transfer } of records) transfersApplied.inc({ kind: transfer.kind })
  return views
}
