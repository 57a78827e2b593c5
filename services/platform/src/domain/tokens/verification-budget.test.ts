import { describe, expect, it } from 'vitest'
import { VerificationBudget } from './verification-budget.js'

function setup(options: { perSecond?: number; burst?: number; concurrent?: number; maxTokens?: number } = {}) {
  const clock = { nowMs: 0 }
  const budget = new VerificationBudget({ perSecond: 1, burst: 3, concurrent: 10, maxTokens: 100, ...options, nowMs: () => clock.nowMs })
  return { budget, clock }
}

/** Tries `count` verifications one after the other; answers how many were allowed. */
function runMany(budget: VerificationBudget, tokenId: string, count: number): number {
  let allowed = 0
  for (let i = 0; i < count; i++) {
    const finish = budget.tryStart(tokenId)
    if (finish === undefined) continue
    finish()
    allowed += 1
  }
  return allowed
}

describe('VerificationBudget', () => {
  it('allows a burst, then the sustained rate', () => {
    const { budget, clock } = setup()
    expect(runMany(budget, 'Token:1', 10)).toBe(3)
    clock.nowMs += 999
    expect(runMany(budget, 'Token:1', 10)).toBe(0)
    clock.nowMs += 1
    expect(runMany(budget, 'Token:1', 10)).toBe(1)
    clock.nowMs += 60_000
    expect(runMany(budget, 'Token:1', 10)).toBe(3)
  })

  it('keeps each token to its own budget', () => {
    const { budget } = setup()
    expect(runMany(budget, 'Token:1', 10)).toBe(3)
    expect(runMany(budget, 'Token:2', 10)).toBe(3)
  })

  it('caps the verifications of one token in progress', () => {
    const { budget } = setup({ burst: 10, concurrent: 2 })
    const first = budget.tryStart('Token:1')
    expect(budget.tryStart('Token:1')).toBeDefined()
    expect(budget.tryStart('Token:1')).toBeUndefined()
    first?.()
    expect(budget.tryStart('Token:1')).toBeDefined()
  })

  it('forgets the least recently used idle token beyond its bound, never one in progress', () => {
    const { budget } = setup({ maxTokens: 2 })
    const running = budget.tryStart('Token:busy')
    expect(runMany(budget, 'Token:1', 3)).toBe(3)
    // Token:1 is the idle one forgotten to make room, so it starts again with a full burst
    expect(runMany(budget, 'Token:2', 3)).toBe(3)
    expect(runMany(budget, 'Token:1', 3)).toBe(3)
    running?.()
    expect(runMany(budget, 'Token:busy', 3)).toBe(2)
  })
})
