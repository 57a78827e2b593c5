import { changeLiveCards, detachAllFundingSources, findCard, liveCardIdsOf, updateCard } from '../../db/cards.db.js'
import type { SqlTx } from '../../db/client.js'
import { expireOpenAuthorizations } from '../../db/jobs.db.js'
import { CARD_STATE_CHANGE } from '../../events/types.js'
import { recordEvent } from '../../events/outbox.js'
import type { CardsDeps } from '../deps.js'
import { tenantOf, type CardStateReason, type CardView, type CardWithSources, type Origin } from '../types.js'
import { cardView } from './view.js'

/**
 * Closes a card whose row the caller holds locked: CLOSED for `reason`, its funding sources
 * detached, its slot freed, CARD.STATE_CHANGE sent, and every authorization still open on it
 * expiring now, each by a job that voids its holds (the reference: on close "all pending auths
 * reconcile to a terminal state via the existing reconcile primitive", the authorization expiry).
 */
export async function closeLockedCard(tx: SqlTx, origin: Origin, current: CardWithSources, reason: CardStateReason, now: Date): Promise<CardView> {
  const card = { ...current.card, state: 'CLOSED' as const, stateReason: reason, updatedAt: now }
  await detachAllFundingSources(tx, card.id, now)
  await changeLiveCards(tx, tenantOf(card), -1)
  await updateCard(tx, card)
  await expireOpenAuthorizations(tx, card.id, now)
  const view = cardView({ card, sources: [] })
  await recordEvent(tx, origin, CARD_STATE_CHANGE, view)
  return view
}

/**
 * A deleted customer's cards close as a platform's close would, reason CLOSED_BY_SERVICE (a
 * PROCESSING one too: its activation then finds it CLOSED), so their next authorization is
 * declined. Idempotent: a card already CLOSED is left as it is.
 */
export async function closeCardsOfDeletedCustomer(deps: CardsDeps, origin: Origin, customerId: string): Promise<number> {
  const tenant = tenantOf(origin)
  let closed = 0
  for (;;) {
    const ids = await liveCardIdsOf(deps.sql, tenant, customerId, deps.settings.jobsBatch)
    for (const id of ids) {
      await deps.sql.transaction(async (tx) => {
        const current = await findCard(tx, tenant, id, true)
        if (!current || current.card.state === 'CLOSED') return
        await closeLockedCard(tx, origin, current, 'CLOSED_BY_SERVICE', deps.now())
        closed += 1
      })
    }
    if (ids.length < deps.settings.jobsBatch) return closed
  }
}
