import { describe, expect, it } from 'vitest'
import { availableOf, legsToPost, movementDeltas, resolutionDeltas, totalOf } from './rules.js'

const leg = (debitAccountId: string, creditAccountId: string, amount: bigint) => ({ debitAccountId, creditAccountId, currency: 'USD', amount })

describe('transfer rules', () => {
  it('needs what all legs debit from one account available, and counts no credit of the same transfer', () => {
    const deltas = movementDeltas([leg('A', 'B', 5n), leg('A', 'C', 7n), leg('C', 'A', 100n)], 'PENDING')
    expect(deltas.get('A')).toEqual({ debitsPending: 12n, debitsPosted: 0n, creditsPending: 100n, creditsPosted: 0n, availableNeeded: 12n })
    expect(movementDeltas([leg('A', 'B', 5n)], 'DIRECT').get('B')).toMatchObject({ creditsPosted: 5n, creditsPending: 0n })
  })

  it('releases the whole hold and posts only what is posted', () => {
    const held = [leg('A', 'B', 10n)]
    const deltas = resolutionDeltas(held, legsToPost(held, 4n))
    expect(deltas.get('A')).toEqual({ debitsPending: -10n, debitsPosted: 4n, creditsPending: 0n, creditsPosted: 0n, availableNeeded: 0n })
    expect(deltas.get('B')).toEqual({ debitsPending: 0n, debitsPosted: 0n, creditsPending: -10n, creditsPosted: 4n, availableNeeded: 0n })
  })

  it('posts part of single-leg holds only, never more than held', () => {
    expect(legsToPost([leg('A', 'B', 10n)], undefined)).toEqual([leg('A', 'B', 10n)])
    expect(() => legsToPost([leg('A', 'B', 10n)], 11n)).toThrow(/exceeds/)
    expect(() => legsToPost([leg('A', 'B', 10n), leg('A', 'C', 1n)], 5n)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }))
    expect(() => legsToPost([leg('A', 'B', 10n)], 0n)).toThrow(/positive/)
  })

  it('separates what can be spent from what the account holds', () => {
    const totals = { debitsPending: 30n, debitsPosted: 20n, creditsPending: 50n, creditsPosted: 100n }
    expect(availableOf(totals)).toBe(50n)
    expect(totalOf(totals)).toBe(130n)
  })
})
