import { createDecipheriv } from 'node:crypto'
import { sealingKeyring, type SealingKeyring } from '@pp/secrets'

/** How a private half is stored: in the clear, sealed, or erased once its key was retired. */
export type PrivateKeyEncryption = 'NONE' | 'AES_256_GCM' | 'ERASED'

/** A private half as a row stores it: sealed (AES_256_GCM) under the key `sealingKeyId` names. */
export interface SealedPrivateKey {
  privateKey: Uint8Array
  sealingKeyId: string
}

/**
 * WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY at work: the keyring seals a signing key's private half under
 * the current key, bound to its row (the public half, the row's id), and opens it under the
 * current key or one a rotation replaced (WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS). `keys`
 * are all of them, for the private halves sealed before key ids.
 */
export interface KeyEncryption {
  keyring: SealingKeyring
  keys: readonly Buffer[]
}

export const keyEncryption = (current: Buffer, previous: readonly Buffer[]): KeyEncryption => ({
  keyring: sealingKeyring(current.toString('hex'), previous.map((key) => key.toString('hex'))),
  keys: [current, ...previous],
})

const bindingOf = (publicKeyHex: string): string => `${publicKeyHex}/private_key`

export function sealPrivateKey(encryption: KeyEncryption, publicKeyHex: string, privateKey: Uint8Array): SealedPrivateKey {
  return { privateKey: encryption.keyring.seal(privateKey, bindingOf(publicKeyHex)), sealingKeyId: encryption.keyring.currentKeyId }
}

/**
 * The private half of a sealed row; a null key id marks one sealed before key ids (bound to the
 * environment alone), opened under whichever configured key sealed it. Throws when none opens it
 * or it was sealed for another row.
 */
export function openPrivateKey(
  encryption: KeyEncryption,
  row: { publicKeyHex: string; environment: string; privateKey: Uint8Array; sealingKeyId: string | null },
): Uint8Array {
  if (row.sealingKeyId !== null) return encryption.keyring.open(row.privateKey, row.sealingKeyId, bindingOf(row.publicKeyHex))
  for (const key of encryption.keys) {
    try {
      return openBeforeKeyIds(row.privateKey, key, row.environment)
    } catch {
      // sealed under another of the configured keys: try the next
    }
  }
  throw new Error(`the ${row.environment} signing key was sealed under a key that is neither WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY nor among its previous keys`)
}

const IV_BYTES = 12
const TAG_BYTES = 16

/** How private halves were sealed before key ids: iv || tag || ciphertext, the environment as associated data. */
function openBeforeKeyIds(sealed: Uint8Array, key: Buffer, environment: string): Uint8Array {
  const bytes = Buffer.from(sealed)
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(environment))
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]))
}
