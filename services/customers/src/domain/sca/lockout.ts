import { ApiError } from '@pp/errors'
import type { LoginState } from './types.js'

const MINUTE = 60_000

/** The lock each cumulative failure count reaches: 5 → 15 min, 6 → 30 min, 7 → 1 h, 8 → 24 h, 9 or more → suspended. */
const LOCK_AT: Record<number, number> = { 5: 15 * MINUTE, 6: 30 * MINUTE, 7: 60 * MINUTE, 8: 24 * 60 * MINUTE }
const SUSPEND_AT = 9

/** The state after one more failed attempt (a wrong proof, or a FAILED_LOGIN_ATTEMPT the platform reports). */
export function afterFailure(state: LoginState, now: Date): LoginState {
  const failedAttempts = state.failedAttempts + 1
  if (failedAttempts >= SUSPEND_AT) return { ...state, failedAttempts, suspended: true, lockedUntil: undefined }
  const lockMs = LOCK_AT[failedAttempts]
  return { ...state, failedAttempts, lockedUntil: lockMs === undefined ? state.lockedUntil : new Date(now.getTime() + lockMs) }
}

/**
 * RESET_PASSWORD_COMPLETED: every session revoked, nothing else. The reference also clears the
 * counter and the lock, but the event is the caller's bare claim: honouring it would let whoever
 * holds the platform's key guess a factor without end (four guesses, a "reset", four more).
 */
export const afterPasswordReset = (state: LoginState): LoginState => ({ ...state, sessionExpiresAt: undefined })

/** A proven factor: the failure count and any lock end, as after a completed 2FA reset (liveness-checked). */
export const withoutLockout = (state: LoginState): LoginState => ({ ...state, failedAttempts: 0, lockedUntil: undefined, suspended: false })

export const isLocked = (state: LoginState, now: Date): boolean =>
  state.suspended || (state.lockedUntil !== undefined && state.lockedUntil > now)

/** 423 ACCOUNT_LOCKED while locked or suspended, with when the customer may retry. */
export function assertNotLocked(state: LoginState, now: Date): void {
  if (!isLocked(state, now)) return
  throw new ApiError('ACCOUNT_LOCKED', state.suspended ? "The customer's login is suspended" : "The customer's login is locked", {
    suspended: state.suspended,
    lockedUntil: state.suspended ? null : state.lockedUntil!.toISOString(),
    failedAttempts: state.failedAttempts,
  })
}

/** 409 SCA_SESSION_REQUIRED unless an SCA login session is live. */
export function assertSession(state: LoginState, now: Date): void {
  if (state.sessionExpiresAt === undefined || state.sessionExpiresAt <= now) {
    throw new ApiError('SCA_SESSION_REQUIRED', "The customer's SCA login session is missing or expired: complete POST /sca/login/complete and retry")
  }
}

/** The reference's RecordSecurityEventResponse fields of a state. */
export const lockoutView = (state: LoginState, now: Date) => ({
  suspended: state.suspended,
  lockedUntil: !state.suspended && state.lockedUntil !== undefined && state.lockedUntil > now ? state.lockedUntil.toISOString() : null,
  failedAttempts: state.failedAttempts,
})
