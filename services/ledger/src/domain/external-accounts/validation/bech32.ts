/** BIP-173 bech32 and BIP-350 bech32m: the alphabet, checksum and 5-to-8-bit regrouping. */
export const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
const CHECKSUM_CONSTANTS = { bech32: 1, bech32m: 0x2bc830a3 } as const

export type Bech32Encoding = keyof typeof CHECKSUM_CONSTANTS

export interface Bech32Decoded {
  prefix: string
  /** The data part without the checksum, as 5-bit words. */
  words: number[]
  encoding: Bech32Encoding
}

function polymod(values: number[]): number {
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    GENERATORS.forEach((generator, i) => {
      if ((top >>> i) & 1) chk ^= generator
    })
  }
  return chk >>> 0
}

const expandPrefix = (prefix: string): number[] => [
  ...[...prefix].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...prefix].map((c) => c.charCodeAt(0) & 31),
]

/**
 * Decodes a bech32 or bech32m string, or undefined when it is not one: mixed case, characters
 * outside the alphabet, a short data part or a wrong checksum. BIP-173 caps strings at 90
 * characters; Lightning invoices are longer, hence `lengthMax`.
 */
export function decodeBech32(value: string, lengthMax = 90): Bech32Decoded | undefined {
  if (value.length > lengthMax || (value !== value.toLowerCase() && value !== value.toUpperCase())) return undefined
  const lower = value.toLowerCase()
  const separator = lower.lastIndexOf('1')
  if (separator < 1 || separator + 7 > lower.length) return undefined
  const prefix = lower.slice(0, separator)
  if ([...prefix].some((c) => c.charCodeAt(0) < 33 || c.charCodeAt(0) > 126)) return undefined
  const data = [...lower.slice(separator + 1)].map((c) => BECH32_ALPHABET.indexOf(c))
  if (data.includes(-1)) return undefined
  const check = polymod([...expandPrefix(prefix), ...data])
  const encoding = (Object.keys(CHECKSUM_CONSTANTS) as Bech32Encoding[]).find((e) => CHECKSUM_CONSTANTS[e] === check)
  return encoding && { prefix, words: data.slice(0, -6), encoding }
}

/** Encodes 5-bit words under `prefix` with the checksum of `encoding`. */
export function encodeBech32(prefix: string, words: number[], encoding: Bech32Encoding): string {
  const check = polymod([...expandPrefix(prefix), ...words, 0, 0, 0, 0, 0, 0]) ^ CHECKSUM_CONSTANTS[encoding]
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (check >>> (5 * (5 - i))) & 31)
  return `${prefix}1${[...words, ...checksum].map((w) => BECH32_ALPHABET[w]).join('')}`
}

/** Bytes to 5-bit words, the last one zero-padded. */
export function bytesToWords(bytes: Uint8Array): number[] {
  const words: number[] = []
  let accumulator = 0
  let bits = 0
  for (const byte of bytes) {
    accumulator = ((accumulator << 8) | byte) & 0xfff
    bits += 8
    for (; bits >= 5; bits -= 5) words.push((accumulator >> (bits - 5)) & 31)
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31)
  return words
}

/** 5-bit words to bytes; undefined when the padding is not zero bits shorter than a word. */
export function wordsToBytes(words: number[]): Uint8Array | undefined {
  let accumulator = 0
  let bits = 0
  const bytes: number[] = []
  for (const word of words) {
    accumulator = (accumulator << 5) | word
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((accumulator >> bits) & 0xff)
    }
  }
  if (bits >= 5 || ((accumulator << (8 - bits)) & 0xff) !== 0) return undefined
  return Uint8Array.from(bytes)
}
