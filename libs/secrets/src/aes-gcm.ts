import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM as this project stores it: iv || ciphertext || tag. Associated data, when given, is
 * authenticated and not stored: what was sealed with it opens only with the same.
 */
export function sealAesGcm(key: Buffer, plaintext: Uint8Array, associatedData?: string): Uint8Array<ArrayBuffer> {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]))
}

/** Opens what `sealAesGcm` sealed; throws when the key, the bytes or the associated data differ. */
export function openAesGcm(key: Buffer, sealed: Uint8Array, associatedData?: string): Uint8Array {
  const bytes = Buffer.from(sealed)
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
  if (associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData))
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()])
}

export function aesKeyOf(keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex')
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes (64 hex characters)')
  return key
}
