import type { SealingKeyring } from './sealing-keyring.js'

/**
 * A text field sealed where it is stored (a column, a value of a JSON column):
 * `sealed:v1:<key id>:<base64url ciphertext>`, AES-256-GCM under a keyring's current key, bound to
 * what it belongs to (`<row id>/<field>`). The text says which key sealed it, so SQL alone finds
 * what is still in the clear or under a retired key (`NOT LIKE currentSealPrefix(keyring) || '%'`).
 */
const PREFIX = 'sealed:v1:'

export const isSealedText = (stored: string): boolean => stored.startsWith(PREFIX)

export function sealText(keyring: SealingKeyring, boundTo: string, text: string): string {
  const sealed = Buffer.from(keyring.seal(Buffer.from(text), boundTo)).toString('base64url')
  return `${PREFIX}${keyring.currentKeyId}:${sealed}`
}

/** The text sealed for `boundTo`; throws for text in the clear, sealed for something else, or under a key not in the ring. */
export function openText(keyring: SealingKeyring, boundTo: string, stored: string): string {
  const [keyId, sealed] = stored.slice(PREFIX.length).split(':')
  if (!isSealedText(stored) || !keyId || !sealed) throw new Error(`${boundTo} is not sealed`)
  return Buffer.from(keyring.open(Buffer.from(sealed, 'base64url'), keyId, boundTo)).toString('utf8')
}

/** The text as a start-up pass stores it: sealed under the current key, whether it was in the clear or under any key of the ring. */
export function resealText(keyring: SealingKeyring, boundTo: string, stored: string): string {
  return sealText(keyring, boundTo, isSealedText(stored) ? openText(keyring, boundTo, stored) : stored)
}

/** The beginning every text sealed under the current key shares. */
export const currentSealPrefix = (keyring: SealingKeyring): string => `${PREFIX}${keyring.currentKeyId}:`
