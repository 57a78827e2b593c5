import { isUniqueViolation } from '@pp/db'
import { isApiError } from '@pp/errors'
import { lockAccountsWith } from '../../db/ledger-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import { tenantOf, type Origin } from '../types.js'
import { applyTransfers } from './apply.js'
import { assertLegsMovable } from './movement-checks.js'
import { findReplay } from './replay.js'
import { resolveHold } from './resolve-hold.js'
import { issuedCurrenciesOf } from '../issued-tokens/issued-currencies.js'
import { resolveLegs } from './resolve-accounts.js'
import { assertLegs, assertTransferCode, assertTransferId, movementDeltas, movementFingerprint, resolutionFingerprint } from './rules.js'
import type { NewTransferInput, RecordedTransfer } from './types.js'

/**
 * A hold posted in full at once, as one ledger transaction that locks each account once: what a
 * payment whose outcome is known at once needs. It records exactly what a hold followed by its
 * post records (the PENDING transfer `transferId`, the POST_PENDING `postTransferId` naming it,
 * their entries) with the same fingerprints, so either id replays as if the two calls had been
 * made one after the other, and a hold recorded earlier is simply posted. Answers the post.
 */
export async function holdAndPost(deps: LedgerDeps, origin: Origin, input: NewTransferInput, postTransferId: string): Promise<RecordedTransfer> {
  const tenant = tenantOf(origin)
  const holdId = assertTransferId(input.transferId, 'transferId')
  const postId = assertTransferId(postTransferId, 'postTransferId')
  const code = assertTransferCode(input.code)
  assertLegs(input.legs, await issuedCurrenciesOf(deps.db, tenant, input.legs))
  const holdFingerprint = movementFingerprint('PENDING', code, input.legs)
  const postFingerprint = resolutionFingerprint('POST_PENDING', holdId, undefined)
  const legs = await resolveLegs(deps.db, tenant, input.legs)
  const createdAt = deps.now()
  const hold = { id: holdId, kind: 'PENDING' as const, code, legs, createdAt, fingerprint: holdFingerprint }
  const post = { id: postId, kind: 'POST_PENDING' as const, code, pendingId: holdId, legs, createdAt, fingerprint: postFingerprint }
  try {
    await deps.sql.transaction(async (tx) => {
      const accounts = await lockAccountsWith(tx, tenant, legs.flatMap((l) => [l.debitAccountId, l.creditAccountId]))
      assertLegsMovable(accounts, legs, true)
      const records = [
        { transfer: hold, entryLegs: legs },
        { transfer: post, entryLegs: legs },
      ]
      // held then posted in full: the pending totals come and go, the posted ones stay
      await applyTransfers(tx, origin, records, movementDeltas(legs, 'DIRECT'), accounts)
    })
  } catch (err) {
    if (!isUniqueViolation(err) && !isApiError(err)) throw err
    // the hold exists already (a retry, or a racing twin that committed first): post it the
    // ordinary way, which replays a post made already
    if (!(await findReplay(deps.db, tenant, holdId, holdFingerprint))) throw err
    return resolveHold(deps, origin, { transferId: postId, pendingId: holdId }, 'POST_PENDING')
  }
  const { fingerprint: _digest, ...recorded } = post
  return recorded
}
