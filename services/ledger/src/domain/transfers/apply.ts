import { ApiError } from '@pp/errors'
import type { SqlRunner } from '@pp/db'
import { counter } from '@pp/metrics'
import type { LockedAccount } from '../../db/ledger-accounts.db.js'
import { applySystemDelta, writeMovement, type TransferRecord } from '../../db/movements.db.js'
import type { Tenant } from '../types.js'
import type { AccountDelta } from './types.js'

const transfersApplied = counter('ledger_transfers_total', 'Ledger transfers applied, by kind (DIRECT, PENDING, POST, VOID); a rolled-back transaction counts too', ['kind'])

/**
 * Inside the transfers' transaction, with the internal accounts already locked: the internal
 * accounts' conditional deltas, the transfers with their entries and the first system account's
 * delta in one statement (none may fail, or the whole transaction rolls back), then any further
 * system accounts one by one in id order. Every payment of a tenant touches the same few system
 * accounts (settlement, fees, FX), so their rows are updated only now, right before the commit:
 * their row locks are held for the commit alone, and concurrent transfers queue on them only that
 * long. One statement takes at most one system row, and every transaction takes them in id order
 * after its internal accounts, so deadlocks stay out.
 */
export async function applyTransfers(
  runner: SqlRunner,
  tenant: Tenant,
  records: TransferRecord[],
  deltas: Map<string, AccountDelta>,
  accounts: Map<string, LockedAccount>,
): Promise<void> {
  const ids = [...deltas.keys()].sort()
  const internal = ids.filter((id) => accounts.get(id)?.kind === 'INTERNAL')
  const [firstSystem, ...otherSystem] = ids.filter((id) => accounts.get(id)?.kind !== 'INTERNAL')
  const together = firstSystem === undefined ? internal : [...internal, firstSystem]
  const { moved, unbalanced } = await writeMovement(
    runner,
    tenant,
    together.map((id) => [id, deltas.get(id)!]),
    records,
  )
  const short = internal.find((id) => !moved.has(id))
  if (short !== undefined) {
    const needed = deltas.get(short)!.availableNeeded
    throw new ApiError('INSUFFICIENT_FUNDS', `Account ${short} has less than ${needed} available`, { accountId: short, amountNeeded: needed.toString() })
  }
  if (unbalanced.length > 0) throw new Error(`transfer ${records.map((r) => r.transfer.id).join(', ')} does not balance in ${unbalanced.join(', ')}`)
  for (const accountId of otherSystem) await applySystemDelta(runner, accountId, deltas.get(accountId)!)
  for (const { transfer } of records) transfersApplied.inc({ kind: transfer.kind })
}
