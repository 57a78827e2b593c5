import { decodeBase58Check } from './base58.js'

/** Tron mainnet addresses are Base58Check of 0x41 followed by a 20-byte account hash. */
const TRON_PREFIX = 0x41

export function tronAddressProblem(address: string): string | undefined {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return 'a Tron address is T followed by 33 base58 characters'
  const payload = decodeBase58Check(address)
  if (!payload) return 'the Tron address checksum does not match'
  return payload.length === 21 && payload[0] === TRON_PREFIX ? undefined : 'not a Tron account address'
}

/** The 20-byte account hash of a valid Tron address (the same hash an EVM address carries). */
export const tronAccountHash = (address: string): Uint8Array => decodeBase58Check(address)!.subarray(1)
