import { describe, expect, it } from 'vitest'
import { isValidAbaRoutingNumber } from './aba-routing.js'

describe('isValidAbaRoutingNumber', () => {
  it.each(['021000021', '011000015', '121000358', '322271627', '026009593'])('accepts %s', (value) => {
    expect(isValidAbaRoutingNumber(value)).toBe(true)
  })

  it.each([
    ['123456789', 'bad checksum'],
    ['021000022', 'one digit off'],
    ['02100002', 'eight digits'],
    ['0210000211', 'ten digits'],
    ['02100002a', 'a letter'],
    ['500000005', 'unknown prefix 50 even with a good checksum'],
  ])('rejects %s (%s)', (value) => {
    expect(isValidAbaRoutingNumber(value)).toBe(false)
  })
})
