import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import type { OwnershipProof } from './account-types.js'
import { decodeBase58 } from './validation/base58.js'
import { solanaPublicKey } from './validation/solana-address.js'
import { sparkIdentityKey } from './validation/spark-address.js'
import { tronAccountHash } from './validation/tron-address.js'

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)

function hexBytes(value: string): Uint8Array | undefined {
  const hex = value.startsWith('0x') ? value.slice(2) : value
  return /^([0-9a-fA-F]{2})+$/.test(hex) ? Uint8Array.from(Buffer.from(hex, 'hex')) : undefined
}

/** keccak-256 of a personal-message envelope: "\x19<chain> Signed Message:\n" + byte length + message. */
const personalMessageHash = (chain: 'Ethereum' | 'TRON', message: string): Uint8Array => {
  const bytes = utf8(message)
  return keccak_256(new Uint8Array([...utf8(`\x19${chain} Signed Message:\n${bytes.length}`), ...bytes]))
}

/** The 20-byte account hash of the key that made a 65-byte r‖s‖v signature over `hash`. */
function recoverAccountHash(signatureHex: string, hash: Uint8Array): Uint8Array | undefined {
  const bytes = hexBytes(signatureHex)
  if (bytes?.length !== 65) return undefined
  const v = bytes[64]!
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return undefined
  try {
    const signature = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), 'compact').addRecoveryBit(recovery)
    const publicKey = signature.recoverPublicKey(hash).toBytes(false)
    return keccak_256(publicKey.subarray(1)).subarray(12)
  } catch {
    return undefined
  }
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array): boolean => a !== undefined && Buffer.from(a).equals(Buffer.from(b))

/** EIP-191 personal_sign, hex r‖s‖v, by the key of the address. */
function isEvmProof(address: string, message: string, signature: string): boolean {
  const expected = Uint8Array.from(Buffer.from(address.slice(2), 'hex'))
  return sameBytes(recoverAccountHash(signature, personalMessageHash('Ethereum', message)), expected)
}

/** TronWeb's signMessageV2: the same envelope with the TRON prefix. */
const isTronProof = (address: string, message: string, signature: string): boolean =>
  sameBytes(recoverAccountHash(signature, personalMessageHash('TRON', message)), tronAccountHash(address))

/** An Ed25519 signature (base58) over the message's bytes by the address's key. */
function isSolanaProof(address: string, message: string, signature: string): boolean {
  const bytes = decodeBase58(signature)
  if (bytes?.length !== 64) return false
  try {
    return ed25519.verify(bytes, utf8(message), solanaPublicKey(address))
  } catch {
    return false
  }
}

/** An ECDSA signature (hex, DER or compact) over SHA-256 of the message by the identity key. */
function isSparkProof(address: string, message: string, signature: string): boolean {
  const bytes = hexBytes(signature)
  const key = sparkIdentityKey(address)
  if (!bytes || !key) return false
  const format = bytes.length === 64 ? 'compact' : 'der'
  try {
    return secp256k1.verify(bytes, sha256(utf8(message)), key, { prehash: false, format, lowS: false })
  } catch {
    return false
  }
}

const VERIFIERS: Record<OwnershipProof, (address: string, message: string, signature: string) => boolean> = {
  EVM: isEvmProof,
  TRON: isTronProof,
  SOLANA: isSolanaProof,
  SPARK: isSparkProof,
}

/** Whether `signature` over exactly `message` was made by the key that controls `address`. */
export const isOwnershipProof = (proof: OwnershipProof, address: string, message: string, signature: string): boolean =>
  VERIFIERS[proof](address, message, signature)
