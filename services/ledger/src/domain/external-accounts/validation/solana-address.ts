import { decodeBase58 } from './base58.js'

/** A Solana address is a 32-byte Ed25519 public key in base58 (32 to 44 characters). */
export function solanaAddressProblem(address: string): string | undefined {
  if (address.length < 32 || address.length > 44) return 'a Solana address has 32 to 44 base58 characters'
  const bytes = decodeBase58(address)
  if (!bytes) return 'a Solana address is base58 (no 0, O, I or l)'
  return bytes.length === 32 ? undefined : 'a Solana address encodes a 32-byte public key'
}

/** The public key a Solana address encodes; call only on a valid address. */
export const solanaPublicKey = (address: string): Uint8Array => decodeBase58(address)!
