import { isP256PublicKey, verifyDer } from './p256.js'

const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256'

/** A decoded Service-Wallet-Signature: who claims to sign and the DER signature (hex). */
export interface WalletStamp {
  publicKey: string
  signature: string
}

/**
 * Decodes an API-key stamp (base64url of JSON {publicKey, scheme, signature}), or undefined when
 * the header is not one: not base64url JSON, another scheme, no P-256 key, a non-hex signature.
 */
export function decodeStamp(header: string): WalletStamp | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(header)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>
  if (scheme !== STAMP_SCHEME || typeof publicKey !== 'string' || typeof signature !== 'string') return undefined
  if (!isP256PublicKey(publicKey) || !/^[0-9a-fA-F]+$/.test(signature)) return undefined
  return { publicKey, signature }
}

/** Whether the stamp's signature is the stamp key's signature over exactly `payload`. */
export const stampSigns = (stamp: WalletStamp, payload: string): boolean =>
  verifyDer(stamp.publicKey, stamp.signature, new TextEncoder().encode(payload))
