import { createPublicKey } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'

export const SIGNATURE_ALGORITHM = 'ECDSA_P256_SHA256'
export const SIGNATURE_ENCODING = 'BASE64_DER'

export interface KeyPair {
  privateKey: Uint8Array
  /** Uncompressed SEC1 point (65 bytes). */
  publicKey: Uint8Array
}

export function generateKeyPair(): KeyPair {
  const privateKey = p256.utils.randomSecretKey()
  return { privateKey, publicKey: p256.getPublicKey(privateKey, false) }
}

export const publicKeyOf = (privateKey: Uint8Array): Uint8Array => p256.getPublicKey(privateKey, false)

/**
 * The X-Service-Signature value: base64 of the DER-encoded ECDSA P-256 signature over the
 * SHA-256 of the exact body (noble hashes the message with SHA-256 before signing), which is
 * what OpenSSL, node:crypto `verify('sha256', ...)` and WebCrypto-with-DER-conversion check.
 */
export function signBody(privateKey: Uint8Array, body: string): string {
  const signature = p256.sign(new TextEncoder().encode(body), privateKey, { format: 'der' })
  return Buffer.from(signature).toString('base64')
}

/** The public key as a PEM SubjectPublicKeyInfo, for receivers using OpenSSL or node:crypto. */
export function publicKeyPem(publicKey: Uint8Array): string {
  const coordinate = (from: number) => Buffer.from(publicKey.subarray(from, from + 32)).toString('base64url')
  const jwk = { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }
  return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString()
}
