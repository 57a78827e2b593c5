import { ApiError } from '@pp/errors'
import type { Tx } from '../../db/client.js'
import { lockAccounts } from '../../db/ledger-accounts.db.js'
import { findResolution, findTransfer } from '../../db/transfers.db.js'
import type { LedgerDeps } from '../deps.js'
import { inTransaction, sqlOf } from '@pp/db'
import { tenantOf, type Origin } from '../types.js'
import { applyTransfers } from './apply.js'
import { assertLegsMovable } from './movement-checks.js'
import { findReplay, recordOnce } from './replay.js'
import { assertTransferId, legsToPost, resolutionDeltas, resolutionFingerprint } from './rules.js'
import type { RecordedTransfer, ResolutionInput } from './types.js'

type Resolution = 'POST_PENDING' | 'VOID_PENDING'

const RESOLVED_AS: Record<Resolution, string> = { POST_PENDING: 'POSTED', VOID_PENDING: 'VOIDED' }

/**
 * Posts (all, or part of a single-leg hold) or voids the hold `pendingId` with a new transfer that
 * references it. A hold resolves once: a second post or void, by another id, is refused with how
 * it was resolved (TigerBeetle's pending_transfer_already_posted / _voided).
 */
export async function resolveHold(deps: LedgerDeps, origin: Origin, input: ResolutionInput, kind: Resolution): Promise<RecordedTransfer> {
  const tenant = tenantOf(origin)
  const id = assertTransferId(input.transferId, 'transferId')
  const pendingId = assertTransferId(input.pendingId, 'pendingId')
  const fingerprint = resolutionFingerprint(kind, pendingId, input.amount)
  const replay = await findReplay(deps.db, tenant, id, fingerprint)
  if (replay) return replay
  // the only other unique key a resolution can hit: another id resolved the hold first
  const resolvedByAnother = async (): Promise<never> => {
    throw alreadyResolved(pendingId, (await findResolution(deps.db, tenant, pendingId)) ?? kind)
  }
  try {
    return await recordOnce(
      deps.db,
      tenant,
      id,
      fingerprint,
      () => inTransaction(deps.db, (tx) => resolveHold_(deps, tx, origin, { ...input, transferId: id, pendingId }, kind, fingerprint)),
      resolvedByAnother,
    )
  } catch (err) {
    // a racing call with this same id resolved the hold while this one waited for the locks: it
    // is the same request, so it gets the same answer rather than "already resolved"
    const raced = await findReplay(deps.db, tenant, id, fingerprint)
    if (raced) return raced
    throw err
  }
}

async function resolveHold_(
  deps: LedgerDeps,
  tx: Tx,
  origin: Origin,
  input: ResolutionInput,
  kind: Resolution,
  fingerprint: string,
): Promise<RecordedTransfer> {
  const tenant = tenantOf(origin)
  const hold = await findTransfer(tx, tenant, input.pendingId)
  if (!hold) throw new ApiError('NOT_FOUND', `Pending transfer ${input.pendingId} not found`, { pendingId: input.pendingId })
  if (hold.kind !== 'PENDING') {
    throw new ApiError('CONFLICT', `Transfer ${input.pendingId} is not a pending transfer`, { pendingId: input.pendingId, kind: hold.kind })
  }
  const accounts = await lockAccounts(tx, tenant, hold.legs.flatMap((l) => [l.debitAccountId, l.creditAccountId]))
  const resolution = await findResolution(tx, tenant, input.pendingId)
  if (resolution) throw alreadyResolved(input.pendingId, resolution)
  const posted = kind === 'POST_PENDING' ? legsToPost(hold.legs, input.amount) : []
  assertLegsMovable(accounts, hold.legs, kind === 'POST_PENDING')
  const transfer = { id: input.transferId, kind, code: hold.code, pendingId: hold.id, legs: kind === 'POST_PENDING' ? posted : hold.legs }
  const createdAt = deps.now()
  const record = { transfer: { ...transfer, createdAt, fingerprint }, entryLegs: posted }
  await applyTransfers(sqlOf(tx), origin, [record], resolutionDeltas(hold.legs, posted), accounts)
  return { ...transfer, createdAt }
}

function alreadyResolved(pendingId: string, resolution: string): ApiError {
  const as = RESOLVED_AS[resolution as Resolution] ?? resolution
  return new ApiError('CONFLICT', `Pending transfer ${pendingId} was already ${as.toLowerCase()}`, { pendingId, resolution: as })
}
