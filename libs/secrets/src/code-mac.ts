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
 * other use (sealing secrets with AES-256-GCM) and of any other purpose. After a rotation of the
 * secret key, digests made under the keys it replaced (`previousKeysHex`) still match until those
 * keys are removed: a code sent just before the rotation is not refused for it. New digests use the
 * current key.
 */
export function codeMac(secretKeyHex: string, purpose: string, previousKeysHex: readonly string[] = []): CodeMac {
  const digests = [secretKeyHex, ...previousKeysHex].map((keyHex) => digestUnder(keyHex, purpose))
  return {
    digest: digests[0]!,
    matches(stored, ...parts) {
      const actual = Buffer.from(stored)
      // every key is tried, so the time taken tells nothing of which one matched
      const matching = digests
        .map((digest) => Buffer.from(digest(...parts)))
        .filter((expected) => actual.length === expected.length && timingSafeEqual(actual, expected))
      return matching.length > 0
    },
  }
}

function digestUnder(secretKeyHex: string, purpose: string): (...parts: string[]) => string {
  const secretKey = Buffer.from(secretKeyHex, 'hex')
  if (secretKey.length !== 32) throw new Error('the secret key must be 32 bytes (64 hex characters)')
  const key = Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `code-mac/${purpose}`, 32))
  // parts are joined by a newline, which no part holds, so two different lists never share a digest
  return (...parts) => createHmac('sha256', key).update(parts.join('\n')).digest('hex')
}
