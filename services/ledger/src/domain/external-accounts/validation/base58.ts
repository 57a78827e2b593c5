import { createHash } from 'node:crypto'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Bitcoin-alphabet base58 to bytes (leading '1's are zero bytes), or undefined for other characters. */
export function decodeBase58(value: string): Uint8Array | undefined {
  if (value.length === 0) return undefined
  let number = 0n
  for (const char of value) {
    const digit = ALPHABET.indexOf(char)
    if (digit === -1) return undefined
    number = number * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; number > 0n; number >>= 8n) bytes.unshift(Number(number & 0xffn))
  const leadingZeros = /^1*/.exec(value)![0].length
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...bytes])
}

const sha256 = (data: Uint8Array): Buffer => createHash('sha256').update(data).digest()

/** Base58Check: the payload when its last four bytes are the first four of its double SHA-256. */
export function decodeBase58Check(value: string): Uint8Array | undefined {
  const bytes = decodeBase58(value)
  if (!bytes || bytes.length < 5) return undefined
  const payload = bytes.subarray(0, -4)
  const checksum = sha256(sha256(payload)).subarray(0, 4)
  return checksum.equals(bytes.subarray(-4)) ? payload : undefined
}
