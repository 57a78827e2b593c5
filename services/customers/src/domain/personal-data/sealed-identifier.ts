import { openText, resealText, sealText, type SealingKeyring } from '@pp/secrets'

/**
 * National identification numbers (SSN, ITIN, passport numbers) are write-only in the API and kept
 * only for verification: what the row holds is a sealed text (@pp/secrets), AES-256-GCM under a
 * rotatable key, bound to the customer or owner and the field, never the number itself.
 */

/** What an identifier's ciphertext is bound to: its row and field. */
const bindingOf = (rowId: string): string => `${rowId}/identifier`

export const sealIdentifier = (keyring: SealingKeyring, rowId: string, identifier: string): string => sealText(keyring, bindingOf(rowId), identifier)

/** The number of a sealed identifier (a verification provider's need); throws for another row's. */
export const openIdentifier = (keyring: SealingKeyring, rowId: string, stored: string): string => openText(keyring, bindingOf(rowId), stored)

/** The identifier a request carries, sealed for its row: the rest of the object as given. */
export function withSealedIdentifier<T extends { identifier?: string }>(keyring: SealingKeyring, rowId: string, fields: T): T {
  return fields.identifier ? { ...fields, identifier: sealIdentifier(keyring, rowId, fields.identifier) } : fields
}

/** The identifier as stored now, for a start-up pass: sealed under the current key, whatever it was. */
export const resealed = (keyring: SealingKeyring, rowId: string, stored: string): string => resealText(keyring, bindingOf(rowId), stored)
