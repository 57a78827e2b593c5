import type { SealingKeyring } from '@pp/secrets'

/**
 * National identification numbers (SSN, ITIN, passport numbers) are write-only in the API and kept
 * only for verification: what the row holds is `sealed:v1:<key id>:<ciphertext>`, AES-256-GCM
 * under a rotatable key, bound to the customer or owner and the field, never the number itself.
 */
const PREFIX = 'sealed:v1:'

/** What an identifier's ciphertext is bound to: its row and field. */
const bindingOf = (rowId: string): string => `${rowId}/identifier`

export const isSealedIdentifier = (stored: string): boolean => stored.startsWith(PREFIX)

export function sealIdentifier(keyring: SealingKeyring, rowId: string, identifier: string): string {
  const sealed = Buffer.from(keyring.seal(Buffer.from(identifier), bindingOf(rowId))).toString('base64url')
  return `${PREFIX}${keyring.currentKeyId}:${sealed}`
}

/** The number of a sealed identifier (a verification provider's need); throws for another row's. */
export function openIdentifier(keyring: SealingKeyring, rowId: string, stored: string): string {
  const [keyId, sealed] = stored.slice(PREFIX.length).split(':')
  if (!isSealedIdentifier(stored) || !keyId || !sealed) throw new Error(`the identifier of ${rowId} is not sealed`)
  return Buffer.from(keyring.open(Buffer.from(sealed, 'base64url'), keyId, bindingOf(rowId))).toString('utf8')
}

/** The identifier a request carries, sealed for its row: the rest of the object as given. */
export function withSealedIdentifier<T extends { identifier?: string }>(keyring: SealingKeyring, rowId: string, fields: T): T {
  return fields.identifier ? { ...fields, identifier: sealIdentifier(keyring, rowId, fields.identifier) } : fields
}

/** The identifier as stored now, for a start-up pass: sealed under the current key, whatever it was. */
export function resealed(keyring: SealingKeyring, rowId: string, stored: string): string {
  const identifier = isSealedIdentifier(stored) ? openIdentifier(keyring, rowId, stored) : stored
  return sealIdentifier(keyring, rowId, identifier)
}

/** The beginning every identifier sealed under the current key shares. */
export const currentSealPrefix = (keyring: SealingKeyring): string => `${PREFIX}${keyring.currentKeyId}:`
