import { describe, expect, it } from 'vitest'
import { decodeBase58, decodeBase58Check } from './base58.js'
import { bytesToWords, decodeBech32, encodeBech32, wordsToBytes } from './bech32.js'

describe('decodeBech32', () => {
  it('decodes the BIP-173 and BIP-350 test vectors with their encoding', () => {
    expect(decodeBech32('A12UEL5L')).toMatchObject({ prefix: 'a', words: [], encoding: 'bech32' })
    expect(decodeBech32('a1lqfn3a')).toMatchObject({ prefix: 'a', encoding: 'bech32m' })
    expect(decodeBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject({ prefix: 'bc', encoding: 'bech32' })
  })

  it('rejects a bad checksum, mixed case, foreign characters and overlong strings', () => {
    expect(decodeBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBeUndefined()
    expect(decodeBech32('A12uEL5L')).toBeUndefined()
    expect(decodeBech32('a1bqfn3a')).toBeUndefined()
    expect(decodeBech32('an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs')).toBeDefined()
    expect(decodeBech32('an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx')).toBeUndefined()
  })

  it('regroups words into bytes and refuses non-zero padding', () => {
    const decoded = decodeBech32('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')!
    expect(Buffer.from(wordsToBytes(decoded.words.slice(1))!).toString('hex')).toBe('751e76e8199196d454941c45d1b3a323f1433bd6')
    expect(wordsToBytes([31])).toBeUndefined()
  })

  it('round-trips bytes through encodeBech32', () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 251, 252, 253])
    const encoded = encodeBech32('spark', bytesToWords(bytes), 'bech32m')
    const decoded = decodeBech32(encoded)!
    expect(decoded).toMatchObject({ prefix: 'spark', encoding: 'bech32m' })
    expect(wordsToBytes(decoded.words)).toEqual(bytes)
  })
})

describe('base58', () => {
  it('keeps leading zero bytes and refuses characters outside the alphabet', () => {
    expect(Buffer.from(decodeBase58('1112')!).toString('hex')).toBe('00000001')
    expect(decodeBase58('0OIl')).toBeUndefined()
  })

  it('checks the Base58Check checksum', () => {
    const payload = decodeBase58Check('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')
    expect(Buffer.from(payload!).toString('hex')).toBe('0077bff20c60e522dfaa3350c39b030a5d004e839a')
    expect(decodeBase58Check('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBeUndefined()
  })
})
