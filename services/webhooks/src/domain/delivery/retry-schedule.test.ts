import { describe, expect, it } from 'vitest'
import { maxAttempts, nextRetryDelayMs } from './retry-schedule.js'

const schedule = [1_000, 5_000, 25_000]

describe('nextRetryDelayMs', () => {
  it('walks the schedule one wait per failed attempt, then gives up', () => {
    expect([1, 2, 3, 4].map((n) => nextRetryDelayMs(schedule, n, 0))).toEqual([1_000, 5_000, 25_000, undefined])
    expect(maxAttempts(schedule)).toBe(4)
  })

  it('spreads each wait by at most the jitter ratio either way', () => {
    expect(nextRetryDelayMs(schedule, 2, 0.2, () => 0)).toBe(4_000)
    expect(nextRetryDelayMs(schedule, 2, 0.2, () => 0.5)).toBe(5_000)
    expect(nextRetryDelayMs(schedule, 2, 0.2, () => 0.999_999)).toBe(6_000)
  })

  it('dead-letters after the first failure when the schedule is empty', () => {
    expect(nextRetryDelayMs([], 1, 0.2)).toBeUndefined()
    expect(maxAttempts([])).toBe(1)
  })
})
