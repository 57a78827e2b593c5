import { describe, expect, it } from 'vitest'
import { afterFailure, afterPasswordReset, isLocked, withoutLockout } from './lockout.js'
import type { LoginState } from './types.js'

const now = new Date('2026-11-27T10:00:00Z')
const minutes = (state: LoginState) => (state.lockedUntil ? (state.lockedUntil.getTime() - now.getTime()) / 60_000 : undefined)

describe('the failed-attempt lockout', () => {
  it('escalates at each milestone: 5 → 15 min, 6 → 30 min, 7 → 1 h, 8 → 24 h, 9 → suspended', () => {
    let state: LoginState = { failedAttempts: 0, suspended: false }
    const locks: Array<number | undefined | 'suspended'> = []
    for (let i = 0; i < 9; i += 1) {
      state = afterFailure(state, now)
      locks.push(state.suspended ? 'suspended' : minutes(state))
    }
    expect(locks).toEqual([undefined, undefined, undefined, undefined, 15, 30, 60, 1440, 'suspended'])
    expect(isLocked(state, new Date(now.getTime() + 365 * 24 * 3_600_000))).toBe(true)
  })

  it('ends a lock at lockedUntil; a password reset only revokes the session, a proven factor clears the lockout', () => {
    const locked = afterFailure({ failedAttempts: 4, suspended: false, sessionExpiresAt: now }, now)
    expect(isLocked(locked, now)).toBe(true)
    expect(isLocked(locked, locked.lockedUntil!)).toBe(false)
    expect(afterPasswordReset(locked)).toEqual({ failedAttempts: 5, suspended: false, lockedUntil: locked.lockedUntil })
    const suspended: LoginState = { failedAttempts: 9, suspended: true, sessionExpiresAt: now }
    expect(isLocked(afterPasswordReset(suspended), now)).toBe(true)
    expect(withoutLockout(suspended)).toEqual({ failedAttempts: 0, suspended: false, lockedUntil: undefined, sessionExpiresAt: now })
  })
})
