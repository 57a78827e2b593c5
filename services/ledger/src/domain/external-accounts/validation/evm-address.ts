import { keccak_256 } from '@noble/hashes/sha3.js'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * EIP-55: a hex letter of the address is upper case exactly when the matching nibble of the
 * keccak-256 of the lower-case address (without 0x) is 8 or more.
 */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = Buffer.from(keccak_256(Buffer.from(lower, 'ascii'))).toString('hex')
  const chars = [...lower].map((char, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char))
  return `0x${chars.join('')}`
}

/**
 * Why `address` is not an EVM account address, or undefined when it is. An all-lower or
 * all-upper case address carries no checksum; a mixed-case one must match EIP-55.
 */
export function evmAddressProblem(address: string): string | undefined {
  if (!HEX_ADDRESS.test(address)) return 'an EVM address is 0x followed by 40 hexadecimal characters'
  const body = address.slice(2)
  if (body === body.toLowerCase() || body === body.toUpperCase()) return undefined
  return toChecksumAddress(address) === address ? undefined : 'the mixed-case address does not match its EIP-55 checksum'
}
