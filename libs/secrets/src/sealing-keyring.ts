import { createHmac } from 'node:crypto'
import { aesKeyOf, openAesGcm, sealAesGcm } from './aes-gcm.js'

/**
 * Field encryption for data at rest that must survive a key rotation (card numbers, national ids,
 * bank account numbers). Each ciphertext is stored with the id of the key that sealed it, so a
 * rotation adds a key instead of stranding rows, and is bound to what it belongs to (the row's id
 * and field): a ciphertext copied onto another row, or into another field, does not open.
 */
export interface SealingKeyring {
  /** The id stored beside every ciphertext sealed now. */
  readonly currentKeyId: string
  seal(plaintext: Uint8Array, boundTo: string): Uint8Array<ArrayBuffer>
  /** Throws when `keyId` is not a key of this ring or the ciphertext was not sealed for `boundTo`. */
  open(sealed: Uint8Array, keyId: string, boundTo: string): Uint8Array
}

/** A key's id: public, short, and telling nothing of the key (an HMAC of a fixed label under it). */
export const sealingKeyIdOf = (key: Buffer): string => createHmac('sha256', key).update('sealing-key-id').digest('hex').slice(0, 16)

/** The current key seals; it and the previous keys (retired by a rotation, until re-sealed) open. */
export function sealingKeyring(currentKeyHex: string, previousKeysHex: readonly string[] = []): SealingKeyring {
  const current = aesKeyOf(currentKeyHex)
  const currentKeyId = sealingKeyIdOf(current)
  const keys = new Map([current, ...previousKeysHex.map(aesKeyOf)].map((key) => [sealingKeyIdOf(key), key]))
  return {
    currentKeyId,
    seal: (plaintext, boundTo) => sealAesGcm(current, plaintext, boundTo),
    open(sealed, keyId, boundTo) {
      const key = keys.get(keyId)
      if (!key) throw new Error(`no sealing key has the id ${keyId}: configure the key that sealed it among the previous keys`)
      return openAesGcm(key, sealed, boundTo)
    },
  }
}
