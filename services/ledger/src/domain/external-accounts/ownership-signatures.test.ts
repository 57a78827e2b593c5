import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { describe, expect, it } from 'vitest'
import { isOwnershipProof } from './ownership-signatures.js'
import { bytesToWords, encodeBech32 } from './validation/bech32.js'
import { toChecksumAddress } from './validation/evm-address.js'

const message = 'Ownership check. Nonce: 0195'
const utf8 = (text: string) => new TextEncoder().encode(text)
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${hex(bytes) || '0'}`)
  let out = ''
  for (; n > 0n; n /= 58n) out = BASE58[Number(n % 58n)] + out
  return '1'.repeat(bytes.findIndex((b) => b !== 0)) + out
}

/** A personal-message signature r‖s‖v as wallets produce it. */
function personalSign(secretKey: Uint8Array, chain: string, text: string): string {
  const body = utf8(text)
  const hash = keccak_256(new Uint8Array([...utf8(`\x19${chain} Signed Message:\n${body.length}`), ...body]))
  const signature = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' })
  return `0x${hex(signature.subarray(1))}${(signature[0]! + 27).toString(16)}`
}

const evmKey = secp256k1.utils.randomSecretKey()
const evmAddress = toChecksumAddress(`0x${hex(keccak_256(secp256k1.getPublicKey(evmKey, false).subarray(1)).subarray(12))}`)

describe('ownership proofs', () => {
  it('checks an EIP-191 signature against the EVM address', () => {
    expect(isOwnershipProof('EVM', evmAddress, message, personalSign(evmKey, 'Ethereum', message))).toBe(true)
    expect(isOwnershipProof('EVM', evmAddress, `${message}!`, personalSign(evmKey, 'Ethereum', message))).toBe(false)
    const other = secp256k1.utils.randomSecretKey()
    expect(isOwnershipProof('EVM', evmAddress, message, personalSign(other, 'Ethereum', message))).toBe(false)
    expect(isOwnershipProof('EVM', evmAddress, message, '0x1234')).toBe(false)
  })

  it('checks a TRON signMessageV2 signature against the Tron address', () => {
    const accountHash = keccak_256(secp256k1.getPublicKey(evmKey, false).subarray(1)).subarray(12)
    const payload = new Uint8Array([0x41, ...accountHash])
    const checksum = sha256(sha256(payload)).subarray(0, 4)
    const tronAddress = base58(new Uint8Array([...payload, ...checksum]))
    expect(isOwnershipProof('TRON', tronAddress, message, personalSign(evmKey, 'TRON', message))).toBe(true)
    expect(isOwnershipProof('TRON', tronAddress, message, personalSign(evmKey, 'Ethereum', message))).toBe(false)
  })

  it('checks an Ed25519 signature against the Solana address', () => {
    const secretKey = ed25519.utils.randomSecretKey()
    const address = base58(ed25519.getPublicKey(secretKey))
    const signature = base58(ed25519.sign(utf8(message), secretKey))
    expect(isOwnershipProof('SOLANA', address, message, signature)).toBe(true)
    expect(isOwnershipProof('SOLANA', address, 'other', signature)).toBe(false)
    expect(isOwnershipProof('SOLANA', address, message, 'not-base58-0OIl')).toBe(false)
  })

  it('checks an ECDSA signature of the Spark identity key, DER or compact', () => {
    const secretKey = secp256k1.utils.randomSecretKey()
    const payload = new Uint8Array([0x0a, 33, ...secp256k1.getPublicKey(secretKey, true)])
    const address = encodeBech32('spark', bytesToWords(payload), 'bech32m')
    const hash = sha256(utf8(message))
    const der = hex(secp256k1.sign(hash, secretKey, { prehash: false, format: 'der' }))
    const compact = hex(secp256k1.sign(hash, secretKey, { prehash: false }))
    expect(isOwnershipProof('SPARK', address, message, der)).toBe(true)
    expect(isOwnershipProof('SPARK', address, message, compact)).toBe(true)
    expect(isOwnershipProof('SPARK', address, 'other', compact)).toBe(false)
  })
})
