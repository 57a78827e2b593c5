import { describe, expect, it } from 'vitest'
import type { CardState } from '../types.js'
import { assertMutable, assertTransition } from './state-rules.js'

const STATES: CardState[] = ['PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']
const REQUESTED: CardState[] = ['ACTIVE', 'FROZEN', 'CLOSED']

/** The code a request meets, or OK: the mutability check first, then the table. */
function outcome(from: CardState, to: CardState): string {
  try {
    assertMutable(from, to)
    assertTransition(from, to)
    return 'OK'
  } catch (err) {
    return (err as { code: string }).code
  }
}

describe('the card state table', () => {
  it('holds exactly ACTIVE ⇄ FROZEN and ACTIVE or FROZEN → CLOSED', () => {
    const table = Object.fromEntries(STATES.flatMap((from) => REQUESTED.map((to) => [`${from}→${to}`, outcome(from, to)])))
    expect(table).toEqual({
      'PROCESSING→ACTIVE': 'INVALID_STATE_TRANSITION',
      'PROCESSING→FROZEN': 'INVALID_STATE_TRANSITION',
      'PROCESSING→CLOSED': 'INVALID_STATE_TRANSITION',
      'ACTIVE→ACTIVE': 'INVALID_STATE_TRANSITION',
      'ACTIVE→FROZEN': 'OK',
      'ACTIVE→CLOSED': 'OK',
      'FROZEN→ACTIVE': 'OK',
      'FROZEN→FROZEN': 'INVALID_STATE_TRANSITION',
      'FROZEN→CLOSED': 'OK',
      'CLOSED→ACTIVE': 'CARD_NOT_MUTABLE',
      'CLOSED→FROZEN': 'CARD_NOT_MUTABLE',
      'CLOSED→CLOSED': 'CARD_ALREADY_CLOSED',
    })
  })

  it('refuses any other change to a closed card', () => {
    expect(() => assertMutable('CLOSED', undefined)).toThrow(expect.objectContaining({ code: 'CARD_NOT_MUTABLE' }))
    expect(() => assertMutable('FROZEN', undefined)).not.toThrow()
  })
})
