import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM with a service's key, for secrets kept at rest (wallet secrets, OTP target keys, card numbers):
 * the stored form is iv || ciphertext || tag.
 */
export interface SecretBox {
  seal(plaintext: Uint8Array): Uint8Array<ArrayBuffer>
  open(sealed: Uint8Array): Uint8Array
}

export function secretBox(keyHex: string): SecretBox {
  const key = Buffer.from(keyHex, 'hex')
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes (64 hex characters)')
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]))
    },
    open(sealed) {
      const bytes = Buffer.from(sealed)
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()])
    },
  }
}
