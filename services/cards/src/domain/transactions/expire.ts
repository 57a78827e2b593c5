import { lockTransaction, openHolds } from '../../db/card-transactions.db.js'
import type { CardsDeps } from '../deps.js'
import { tenantOf, type CardTransactionRecord, type Environment, type NewJob } from '../types.js'
import { changed, writeChange } from './record.js'

/** The job that expires a new authorization once its environment's window has passed. */
export function expiryJob(deps: Pick<CardsDeps, 'settings'>, t: Pick<CardTransactionRecord, 'id' | 'cardId' | 'authorizedAt'>, environment: Environment): NewJob {
  const runAt = new Date(t.authorizedAt.getTime() + deps.settings.authorizationExpiryMs[environment])
  return { id: `expire:${t.id}`, kind: 'EXPIRE_AUTHORIZATION', cardId: t.cardId, cardTransactionId: t.id, runAt }
}

/**
 * An authorization that no clearing settled within its window, or whose card closed, expires as
 * the reference's AUTHORIZATION_EXPIRY does (a clearing of 0): each open hold voided on the
 * ledger under an id of its own (a rerun, or the other of the two jobs, voids nothing twice), a
 * pull still pending dropped, and the transaction SETTLED with nothing settled, with its webhook.
 * A transaction that is no longer AUTHORIZED is left as it is. A clearing that comes later is a
 * late presentment: posted as a new transfer (see act-on-transaction).
 */
export async function expireAuthorization(deps: CardsDeps, cardTransactionId: string): Promise<void> {
  await deps.sql.transaction(async (tx) => {
    const t = await lockTransaction(tx, cardTransactionId)
    if (!t || t.status !== 'AUTHORIZED') return
    const origin = tenantOf(t)
    const holds = await openHolds(tx, t.id)
    for (const hold of holds) await deps.ledger.release(origin, `${hold.id}:expire`, hold.id)
    const released = holds.reduce((sum, hold) => sum + hold.amount, 0n)
    // a pull never placed (pullPending) counted in pullTotal, as a placed one did
    const unpulled = released + (t.pullPending > 0 ? t.authorizedAmount : 0n)
    const now = deps.now()
    const transaction = changed(t, now, { status: 'SETTLED', pullPending: 0, pullTotal: t.direction === 'DEBIT' ? t.pullTotal - unpulled : t.pullTotal })
    await writeChange(tx, origin, { transaction, holds: holds.map((hold) => ({ ...hold, status: 'VOIDED' as const })), jobs: [] }, now)
  })
}
