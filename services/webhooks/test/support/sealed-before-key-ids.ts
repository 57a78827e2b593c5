import { createCipheriv, randomBytes } from 'node:crypto'

/** A private half as the service sealed it before key ids: iv || tag || ciphertext, the environment as associated data. */
export function sealedBeforeKeyIds(privateKey: Uint8Array, key: Buffer, environment: string): Buffer<ArrayBuffer> {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(environment))
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext])
}
