import { describe, expect, it } from 'vitest'
import { evmAddressProblem, toChecksumAddress } from './evm-address.js'

// EIP-55 test vectors
const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]

describe('EVM addresses', () => {
  it.each(CHECKSUMMED)('accepts the EIP-55 address %s', (address) => {
    expect(evmAddressProblem(address)).toBeUndefined()
    expect(toChecksumAddress(address.toLowerCase())).toBe(address)
  })

  it('accepts addresses without a checksum (one case throughout)', () => {
    expect(evmAddressProblem(CHECKSUMMED[0]!.toLowerCase())).toBeUndefined()
    expect(evmAddressProblem(`0x${CHECKSUMMED[0]!.slice(2).toUpperCase()}`)).toBeUndefined()
  })

  it.each([
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', /EIP-55/],
    ['0xAbCDEF1234567890aBCdEf1234567890ABcDef12', /EIP-55/],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', /40 hexadecimal/],
    ['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /40 hexadecimal/],
    ['0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /40 hexadecimal/],
  ])('rejects %s', (address, reason) => {
    expect(evmAddressProblem(address)).toMatch(reason)
  })
})
