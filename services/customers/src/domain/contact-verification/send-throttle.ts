import { ApiError } from '@pp/errors'
import type { SendCount } from '../../db/contact-verifications.db.js'
import type { VerificationSettings } from '../deps.js'

/** The hour a channel's sends and wrong codes are counted in, from its first send. */
const CONTACT_WINDOW_MS = 3_600_000

/** A channel's counts as stored, before this send. */
export interface ChannelCounts {
  windowStartedAt: Date | null
  codesSent: number
  failedAttempts: number
  lastSentAt: Date | null
}

type Limits = Pick<VerificationSettings, 'contactCodeAttemptsMax' | 'contactCodesPerHour' | 'contactCodeResendIntervalMs'>

/**
 * What one more code of a channel counts toward, or 429 RATE_LIMITED with when to retry. A new code
 * keeps the wrong codes of the window (a resend used to restore them, so resending made the
 * guesses endless); once they are used up, or the window's codes are, no code goes out before the
 * window ends; and two codes are at least the resend interval apart. A window ended starts afresh.
 */
export function countSend(counts: ChannelCounts, now: Date, limits: Limits): SendCount {
  const startedAt = counts.windowStartedAt
  const windowEndsAt = windowEndOf(counts)
  if (!startedAt || windowEndsAt <= now) return { windowStartedAt: now, codesSent: 1, failedAttempts: 0 }
  if (counts.failedAttempts >= limits.contactCodeAttemptsMax) {
    throw rateLimited(`Too many wrong codes: a new code can be sent after ${windowEndsAt.toISOString()}`, windowEndsAt, now)
  }
  if (counts.codesSent >= limits.contactCodesPerHour) {
    throw rateLimited(`At most ${limits.contactCodesPerHour} codes are sent in an hour: retry after ${windowEndsAt.toISOString()}`, windowEndsAt, now)
  }
  const nextAt = new Date((counts.lastSentAt?.getTime() ?? 0) + limits.contactCodeResendIntervalMs)
  if (nextAt > now) throw rateLimited('A code was sent moments ago; retry later', nextAt, now)
  return { windowStartedAt: startedAt, codesSent: counts.codesSent + 1, failedAttempts: counts.failedAttempts }
}

/** When the channel's window ends; long past for a channel never sent to. */
export const windowEndOf = (counts: Pick<ChannelCounts, 'windowStartedAt'>): Date =>
  new Date((counts.windowStartedAt?.getTime() ?? 0) + CONTACT_WINDOW_MS)

/** Whether the channel's wrong codes are used up: every code is refused until a send in a new window. */
export const isOutOfAttempts = (counts: Pick<ChannelCounts, 'failedAttempts'>, limits: Pick<Limits, 'contactCodeAttemptsMax'>): boolean =>
  counts.failedAttempts >= limits.contactCodeAttemptsMax

const rateLimited = (reason: string, retryAt: Date, now: Date) =>
  new ApiError('RATE_LIMITED', reason, { retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)) })
