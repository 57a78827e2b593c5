import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SecretHasher } from '@pp/secrets'

const RECOVERY_CODES = 10
const RECOVERY_CODE = /^[0-9a-f]{10}$/
// what recovery codes issued before they were kept with scrypt look like: an unsalted SHA-256
const LEGACY_HASH = /^[0-9a-f]{64}$/

/** Recovery codes: 10 of them at enrolment, 10 hex digits (40 bits) each, shown once. */
export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex'))

export const isRecoveryCode = (code: string): boolean => RECOVERY_CODE.test(code)

/**
 * What is kept of the codes: a salted scrypt hash each. 40 bits under a plain hash fall to an
 * offline search in minutes; under scrypt (about 2^14 work each, a salt per code) they do not.
 */
export const hashRecoveryCodes = (hasher: SecretHasher, codes: string[]): Promise<string[]> => Promise.all(codes.map((code) => hasher.hash(code)))

/**
 * The stored hash `code` matches, or undefined. The salt makes each entry a check of its own, at
 * most 10 scrypt runs for a code that matches none; the lockout counts every such attempt first.
 * Codes issued before scrypt stay valid under their SHA-256 until spent or the factor is reset.
 */
export async function findRecoveryCode(hasher: SecretHasher, code: string, stored: string[]): Promise<string | undefined> {
  for (const entry of stored) {
    if (LEGACY_HASH.test(entry) ? isLegacyHashOf(entry, code) : await hasher.verify(code, entry)) return entry
  }
  return undefined
}

const isLegacyHashOf = (entry: string, code: string): boolean =>
  timingSafeEqual(Buffer.from(entry), Buffer.from(createHash('sha256').update(code).digest('hex')))
