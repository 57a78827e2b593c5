import { ApiError } from '@pp/errors'
import type { CardState } from '../types.js'

const REQUESTABLE: readonly CardState[] = ['ACTIVE', 'FROZEN', 'CLOSED']

/** The spec's card status table: ACTIVE ⇄ FROZEN and ACTIVE or FROZEN → CLOSED, nothing else. */
const ALLOWED: Record<CardState, readonly CardState[]> = {
  PROCESSING: [],
  ACTIVE: ['FROZEN', 'CLOSED'],
  FROZEN: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
}

export function assertRequestableState(value: string): CardState {
  if ((REQUESTABLE as readonly string[]).includes(value)) return value as CardState
  throw new ApiError('INVALID_INPUT', 'state must be ACTIVE, FROZEN or CLOSED', {
    errors: [{ field: 'state', message: 'must be ACTIVE, FROZEN or CLOSED', constraint: { enum: REQUESTABLE } }],
  })
}

/** A closed card refuses every change: CARD_ALREADY_CLOSED when asked to close again, CARD_NOT_MUTABLE otherwise. */
export function assertMutable(current: CardState, requested: CardState | undefined): void {
  if (current !== 'CLOSED') return
  if (requested === 'CLOSED') throw new ApiError('CARD_ALREADY_CLOSED', 'The card is already CLOSED')
  throw new ApiError('CARD_NOT_MUTABLE', 'The card is CLOSED and can no longer be changed')
}

/** 409 INVALID_STATE_TRANSITION for a move the table does not hold (requesting the current state included). */
export function assertTransition(current: CardState, requested: CardState): void {
  if (ALLOWED[current].includes(requested)) return
  throw new ApiError('INVALID_STATE_TRANSITION', `A card cannot move from ${current} to ${requested}`, { from: current, to: requested })
}
