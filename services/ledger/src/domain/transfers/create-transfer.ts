import type { Tx } from '../../db/client.js'
import { lockAccounts } from '../../db/ledger-accounts.db.js'
import type { StoredTransfer } from '../../db/transfers.db.js'
import type { LedgerDeps } from '../deps.js'
import { inTransaction, sqlOf } from '@pp/db'
import type { InternalAccountView } from '../internal-accounts/types.js'
import { tenantOf, type Origin } from '../types.js'
import { applyTransfers } from './apply.js'
import { assertLegsMovable } from './movement-checks.js'
import { findReplay, recordOnce } from './replay.js'
import { issuedCurrenciesOf } from '../issued-tokens/issued-currencies.js'
import { resolveLegs } from './resolve-accounts.js'
import { assertLegs, assertTransferCode, assertTransferId, movementDeltas, movementFingerprint } from './rules.js'
import type { NewTransferInput, RecordedTransfer } from './types.js'

type Movement = StoredTransfer & { kind: 'DIRECT' | 'PENDING' }

/**
 * Records a DIRECT transfer (posted at once) or a PENDING one (a hold): every leg applies or
 * none does. The transfer id is the caller's idempotency key: a retry answers the first result,
 * a concurrent twin waits on the id and then gets the same answer.
 */
export async function createTransfer(
  deps: LedgerDeps,
  origin: Origin,
  input: NewTransferInput,
  kind: 'DIRECT' | 'PENDING',
): Promise<RecordedTransfer> {
  const tenant = tenantOf(origin)
  const id = assertTransferId(input.transferId, 'transferId')
  const code = assertTransferCode(input.code)
  assertLegs(input.legs, await issuedCurrenciesOf(deps.db, tenant, input.legs))
  const fingerprint = movementFingerprint(kind, code, input.legs)
  const replay = await findReplay(deps.db, tenant, id, fingerprint)
  if (replay) return replay
  const legs = await resolveLegs(deps.db, tenant, input.legs)
  return recordOnce(deps.db, tenant, id, fingerprint, () =>
    inTransaction(deps.db, async (tx) => {
      const transfer = { id, kind, code, legs, createdAt: deps.now(), fingerprint }
      await recordMovement(tx, origin, transfer)
      const { fingerprint: _digest, ...recorded } = transfer
      return recorded
    }),
  )
}

/**
 * A DIRECT or PENDING transfer inside the caller's transaction: its accounts locked in id order,
 * checked (tenant, currency, ACTIVE), then moved with their balance events, or INSUFFICIENT_FUNDS
 * and nothing changes. Answers the moved internal accounts as the API now shows them.
 */
export async function recordMovement(tx: Tx, origin: Origin, transfer: Movement): Promise<InternalAccountView[]> {
  const accounts = await lockAccounts(tx, tenantOf(origin), transfer.legs.flatMap((l) => [l.debitAccountId, l.creditAccountId]))
  assertLegsMovable(accounts, transfer.legs, true)
  return applyTransfers(sqlOf(tx), origin, [{ transfer, entryLegs: transfer.legs }], movementDeltas(transfer.legs, transfer.kind), accounts)
}
