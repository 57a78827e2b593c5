import { invalidInput } from '@pp/errors'
import { ENVIRONMENTS, isEnvironment, type Environment } from '@pp/tenancy'

/**
 * A key's place in its environment's history: CURRENT signs every attempt; a rotation makes the
 * key it replaces RETIRING, still published (previousKeys) so receivers that have not yet fetched
 * the new key keep verifying, until its retiresAt; then it is RETIRED and shown to no one.
 */
export type KeyStatus = 'CURRENT' | 'RETIRING' | 'RETIRED'

const HOUR_SECONDS = 3_600
/** How long a replaced key keeps verifying when the operator names no overlap: a day of receivers' caches. */
export const OVERLAP_SECONDS_DEFAULT = 24 * HOUR_SECONDS
/** A replaced key is retired within a month whatever is asked: an old key must not verify forever. */
export const OVERLAP_SECONDS_MAX = 30 * 24 * HOUR_SECONDS

export function keyStatus(retiresAt: Date | null, now: Date): KeyStatus {
  if (retiresAt === null) return 'CURRENT'
  return retiresAt.getTime() > now.getTime() ? 'RETIRING' : 'RETIRED'
}

/** The keys a rotation replaced that still verify at `now`, newest first. */
export function stillVerifying<K extends { retiresAt: Date | null; createdAt: Date }>(keys: K[], now: Date): K[] {
  return keys
    .filter((key) => keyStatus(key.retiresAt, now) === 'RETIRING')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

/** When the key a rotation at `now` replaces retires; 0 seconds retires it at once (a leaked key). */
export function retirementOf(now: Date, overlapSeconds: number | undefined): Date {
  const seconds = overlapSeconds ?? OVERLAP_SECONDS_DEFAULT
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > OVERLAP_SECONDS_MAX) {
    throw invalidInput([{ field: 'overlapSeconds', message: `must be a whole number of seconds from 0 to ${OVERLAP_SECONDS_MAX} (30 days)` }])
  }
  return new Date(now.getTime() + seconds * 1_000)
}

export function assertEnvironment(value: string): Environment {
  if (isEnvironment(value)) return value
  throw invalidInput([{ field: 'environment', message: 'must be SANDBOX or PRODUCTION', constraint: { enum: [...ENVIRONMENTS] } }])
}
