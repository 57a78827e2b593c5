import { invalidInput } from '@pp/errors'
import { replaceFundingSources, updateCard } from '../../db/cards.db.js'
import { CARD_FUNDING_SOURCE_CHANGE, CARD_STATE_CHANGE } from '../../events/types.js'
import { recordEvent } from '../../events/outbox.js'
import type { CardsDeps } from '../deps.js'
import { tenantOf, type Caller, type CardState, type CardView } from '../types.js'
import { closeLockedCard } from './close-card.js'
import { bindingsFor, checkFundingSources } from './funding-sources.js'
import { requireCard } from './read-cards.js'
import { assertMutable, assertRequestableState, assertTransition } from './state-rules.js'
import { cardView } from './view.js'

export interface UpdateCardInput {
  state?: string
  /** Replaces the bindings when given (non-empty). */
  fundingSources?: string[]
  /** null clears the limit; undefined leaves it. */
  maxSpendPerTransaction?: bigint | null
}

function assertShape(input: UpdateCardInput): CardState | undefined {
  const state = input.state === undefined ? undefined : assertRequestableState(input.state)
  const errors = [
    ...(state === undefined && input.fundingSources === undefined && input.maxSpendPerTransaction === undefined
      ? [{ field: 'state', message: 'supply at least one of state, fundingSources and maxSpendPerTransaction' }]
      : []),
    ...(state === 'CLOSED' && (input.fundingSources !== undefined || input.maxSpendPerTransaction !== undefined)
      ? [{ field: 'state', message: 'fundingSources and maxSpendPerTransaction cannot go with state CLOSED' }]
      : []),
    ...(input.maxSpendPerTransaction === undefined || input.maxSpendPerTransaction === null || input.maxSpendPerTransaction > 0n
      ? []
      : [{ field: 'maxSpendPerTransaction', message: 'must be a positive integer or null' }]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
  return state
}

/**
 * Changes a card's state (the spec's table), funding sources and limit together, under the card's
 * row lock. CARD.STATE_CHANGE fires on a state change, CARD.FUNDING_SOURCE_CHANGE on new sources;
 * closing detaches the sources, frees the card's slot and expires its open authorizations.
 */
export async function updateCardOf(deps: CardsDeps, caller: Caller, cardId: string, input: UpdateCardInput): Promise<CardView> {
  const tenant = tenantOf(caller)
  const requested = assertShape(input)
  const current = await requireCard(deps.sql, tenant, cardId)
  assertMutable(current.card.state, requested)
  const checked = input.fundingSources && (await checkFundingSources(deps, caller, current.card.cardholderId, input.fundingSources, current.card.currency))
  return deps.sql.transaction(async (tx) => {
    const { card, sources } = await requireCard(tx, tenant, cardId, true)
    assertMutable(card.state, requested)
    if (requested !== undefined) assertTransition(card.state, requested)
    const now = deps.now()
    // closing goes alone (assertShape): nothing else changes with it
    if (requested === 'CLOSED') return closeLockedCard(tx, caller, { card, sources }, 'CLOSED_BY_PLATFORM', now)
    const next = { ...card, updatedAt: now }
    if (requested !== undefined) {
      next.state = requested
      next.stateReason = null
    }
    if (input.maxSpendPerTransaction !== undefined) next.maxSpendPerTransaction = input.maxSpendPerTransaction
    let nextSources = sources
    if (checked) {
      nextSources = bindingsFor(checked.accounts, sources)
      await replaceFundingSources(tx, card.id, nextSources, sources, now)
    }
    await updateCard(tx, next)
    const view = cardView({ card: next, sources: nextSources })
    if (requested !== undefined) await recordEvent(tx, caller, CARD_STATE_CHANGE, view)
    if (checked) await recordEvent(tx, caller, CARD_FUNDING_SOURCE_CHANGE, view)
    return view
  })
}
