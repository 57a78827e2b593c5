import { decodeBech32, wordsToBytes } from './bech32.js'

/**
 * Spark networks by address prefix (mainnet, testnet, regtest, signet, local), in the current
 * form and the earlier short form that wallets still show.
 */
const SPARK_PREFIXES = ['spark', 'sparkt', 'sparkrt', 'sparks', 'sparkl', 'sp', 'spt', 'sprt', 'sps', 'spl']

/** Protobuf tag of field 1 (length-delimited), then the length of a compressed secp256k1 key. */
const IDENTITY_KEY_HEADER = [0x0a, 33]

/**
 * A Spark address is bech32m over a protobuf message whose first field is the wallet's 33-byte
 * compressed identity public key; later fields may follow.
 */
export function sparkAddressProblem(address: string): string | undefined {
  const decoded = decodeBech32(address, 200)
  if (!decoded || decoded.encoding !== 'bech32m') return 'a Spark address is bech32m with a valid checksum'
  if (!SPARK_PREFIXES.includes(decoded.prefix)) return `a Spark address starts with one of ${SPARK_PREFIXES.join(', ')} and 1`
  const identityKey = sparkIdentityKey(address)
  return identityKey ? undefined : 'a Spark address carries a compressed identity public key'
}

/** The compressed identity public key of a Spark address, or undefined when it carries none. */
export function sparkIdentityKey(address: string): Uint8Array | undefined {
  const decoded = decodeBech32(address, 200)
  const bytes = decoded && wordsToBytes(decoded.words)
  if (!bytes || bytes.length < 35 || bytes[0] !== IDENTITY_KEY_HEADER[0] || bytes[1] !== IDENTITY_KEY_HEADER[1]) return undefined
  const key = bytes.subarray(2, 35)
  return key[0] === 0x02 || key[0] === 0x03 ? key : undefined
}
