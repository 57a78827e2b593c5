import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js'

/** A P-256 public key as clients send it: SEC1 hex, compressed (02/03…) or uncompressed (04…). */
const PUBLIC_KEY_HEX = /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/

export interface P256KeyPair {
  /** 32-byte scalar, hex. */
  privateKey: string
  /** Compressed SEC1, hex. */
  publicKey: string
}

/** The curve point of a SEC1 hex key, or undefined when it is not one (wrong length, off the curve). */
function pointOf(publicKeyHex: string) {
  if (!PUBLIC_KEY_HEX.test(publicKeyHex)) return undefined
  try {
    return p256.Point.fromHex(publicKeyHex.toLowerCase())
  } catch {
    return undefined
  }
}

export const isP256PublicKey = (publicKeyHex: string): boolean => pointOf(publicKeyHex) !== undefined

/**
 * The one spelling a key is stored and compared in (compressed hex): clients send the same key
 * uncompressed in one place and compressed in another, so strings are never compared as sent.
 */
export function canonicalPublicKey(publicKeyHex: string): string {
  const point = pointOf(publicKeyHex)
  if (!point) throw new Error('not a P-256 public key')
  return bytesToHex(point.toBytes(true))
}

/** Uncompressed SEC1 bytes, the form HPKE sealing needs for its recipient key. */
export function uncompressedPublicKey(publicKeyHex: string): Uint8Array {
  const point = pointOf(publicKeyHex)
  if (!point) throw new Error('not a P-256 public key')
  return point.toBytes(false)
}

export function generateP256KeyPair(): P256KeyPair {
  const secretKey = p256.utils.randomSecretKey()
  return { privateKey: bytesToHex(secretKey), publicKey: bytesToHex(p256.getPublicKey(secretKey, true)) }
}

export const publicKeyOf = (privateKeyHex: string, compressed = true): string =>
  bytesToHex(p256.getPublicKey(hexToBytes(privateKeyHex), compressed))

/** ECDSA P-256 / SHA-256 over `data`, DER hex, low-S (the form bundle readers insist on). */
export const signDer = (privateKeyHex: string, data: Uint8Array): string =>
  bytesToHex(p256.sign(data, hexToBytes(privateKeyHex), { format: 'der', lowS: true }))

/**
 * Checks an ECDSA P-256 / SHA-256 DER signature over `message`. High-S signatures are valid ECDSA
 * and Node's signer produces them, so they are accepted; a signature that is not DER is false.
 */
export function verifyDer(publicKeyHex: string, signatureHex: string, message: Uint8Array): boolean {
  const point = pointOf(publicKeyHex)
  if (!point || !/^[0-9a-fA-F]+$/.test(signatureHex) || signatureHex.length % 2 !== 0) return false
  try {
    return p256.verify(hexToBytes(signatureHex), message, point.toBytes(true), { format: 'der', lowS: false })
  } catch {
    return false
  }
}
