import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** How a private half is stored: in the clear, sealed, or erased once its key was retired. */
export type PrivateKeyEncryption = 'NONE' | 'AES_256_GCM' | 'ERASED'

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Seals a private key with AES-256-GCM as iv || tag || ciphertext. The environment is the
 * associated data, so a sealed key copied onto the other environment's row fails to open.
 */
export function sealPrivateKey(privateKey: Uint8Array, key: Buffer, environment: string): Buffer {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(environment))
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext])
}

export function openPrivateKey(sealed: Uint8Array, key: Buffer, environment: string): Uint8Array {
  const bytes = Buffer.from(sealed)
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(environment))
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]))
}
