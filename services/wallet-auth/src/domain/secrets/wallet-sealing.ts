import { secretBox, sealingKeyring, type SealingKeyring, type SecretBox } from '@pp/secrets'

/** A value as a sealed column stores it: the ciphertext and the id of the key that sealed it. */
export interface SealedBytes {
  ciphertext: Uint8Array<ArrayBuffer>
  sealingKeyId: string
}

/** As read back: a null key id marks a value sealed before key ids (bound to nothing). */
export interface StoredSealedBytes {
  ciphertext: Uint8Array
  sealingKeyId: string | null
}

/**
 * WALLET_SECRET_KEY at work on the secrets wallet-auth keeps at rest (wallet secrets, delegated
 * keys, OTP target keys): the keyring seals under the current key, bound to the row and field, and
 * opens under the current key or one a rotation replaced (WALLET_SECRET_PREVIOUS_KEYS). `legacy`
 * opens what was sealed before key ids, unbound, under whichever configured key sealed it.
 */
export interface WalletSealing {
  keyring: SealingKeyring
  legacy: readonly SecretBox[]
}

export const walletSealing = (currentKeyHex: string, previousKeysHex: readonly string[]): WalletSealing => ({
  keyring: sealingKeyring(currentKeyHex, previousKeysHex),
  legacy: [currentKeyHex, ...previousKeysHex].map(secretBox),
})

/** What a sealed value is bound to: its row (the primary key's values) and its column. */
export const sealedBinding = (rowKey: readonly string[], column: string): string => `${rowKey.join('/')}/${column}`

export function sealBytes(sealing: WalletSealing, boundTo: string, plaintext: Uint8Array): SealedBytes {
  return { ciphertext: sealing.keyring.seal(plaintext, boundTo), sealingKeyId: sealing.keyring.currentKeyId }
}

/** Throws when no configured key opens it, or it was sealed for another row or column. */
export function openBytes(sealing: WalletSealing, boundTo: string, stored: StoredSealedBytes): Uint8Array {
  if (stored.sealingKeyId !== null) return sealing.keyring.open(stored.ciphertext, stored.sealingKeyId, boundTo)
  for (const box of sealing.legacy) {
    try {
      return box.open(stored.ciphertext)
    } catch {
      // sealed under another of the configured keys: try the next
    }
  }
  throw new Error(`${boundTo} was sealed before key ids under a key that is neither WALLET_SECRET_KEY nor among WALLET_SECRET_PREVIOUS_KEYS`)
}

// the bindings of the live paths, the same as the start-up pass gives the columns (db/sealed-columns.db.ts)
export const walletSecretBinding = (key: { platformId: string; environment: string; accountId: string }): string =>
  sealedBinding([key.platformId, key.environment, key.accountId], 'ciphertext')
export const delegatedKeyBinding = (id: string): string => sealedBinding([id], 'private_key')
export const otpTargetKeyBinding = (challengeId: string): string => sealedBinding([challengeId], 'target_private_key')
