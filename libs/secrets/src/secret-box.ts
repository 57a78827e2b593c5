import { aesKeyOf, openAesGcm, sealAesGcm } from './aes-gcm.js'

/**
 * AES-256-GCM with a service's key, for secrets kept at rest (wallet secrets, OTP target keys):
 * the stored form is iv || ciphertext || tag.
 */
export interface SecretBox {
  seal(plaintext: Uint8Array): Uint8Array<ArrayBuffer>
  open(sealed: Uint8Array): Uint8Array
}

export function secretBox(keyHex: string): SecretBox {
  const key = aesKeyOf(keyHex)
  return {
    seal: (plaintext) => sealAesGcm(key, plaintext),
    open: (sealed) => openAesGcm(key, sealed),
  }
}
