import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * Keyed digests of short one-time codes (six-digit OTPs, contact and SMS codes), and of other
 * values few enough to guess that are only ever compared (bank account identities). A plain hash
 * of a six-digit code is reversed by trying the million candidates, so what is stored is an
 * HMAC-SHA256 under a server-held key: a copy of the rows alone tells nothing about the codes.
 */
export interface CodeMac {
  /** The hex digest of a code and what it is bound to (the challenge, the address it went to). */
  digest(...parts: string[]): string
  /** Whether `stored` is the digest of these parts, compared in constant time. */
  matches(stored: string, ...parts: string[]): boolean
}

/**
 * A CodeMac keyed by a key derived (HKDF-SHA256) from a service's 32-byte secret key for `purpose`
 * alone, so the service needs no further secret and the derived key is independent of the key's
 * other use (sealing secrets with AES-256-GCM) and of any other purpose.
 */
export function codeMac(secretKeyHex: string, purpose: string): CodeMac {
  const secretKey = Buffer.from(secretKeyHex, 'hex')
  if (secretKey.length !== 32) throw new Error('the secret key must be 32 bytes (64 hex characters)')
  const key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `code-mac/${purpose}`, 32))
  // parts are joined by a newline, which no part holds, so two different lists never share a digest
  const digest = (...parts: string[]): string => createHmac('sha256', key).update(parts.join('\n')).digest('hex')
  return {
    digest,
    matches(stored, ...parts) {
      const expected = Buffer.from(digest(...parts))
      const actual = Buffer.from(stored)
      return actual.length === expected.length && timingSafeEqual(actual, expected)
    },
  }
}
