import { describe, expect, it } from 'vitest'
import { isValidBrazilTaxId, isValidCnpj, isValidCpf } from './brazil-tax-id.js'

describe('Brazilian tax ids', () => {
  it('accepts valid CPFs and rejects bad check digits, lengths and repeated digits', () => {
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf('11144477735')).toBe(true)
    expect(isValidCpf('52998224726')).toBe(false)
    expect(isValidCpf('11111111111')).toBe(false)
    expect(isValidCpf('5299822472')).toBe(false)
  })

  it('accepts valid CNPJs and rejects bad check digits', () => {
    expect(isValidCnpj('11222333000181')).toBe(true)
    expect(isValidCnpj('11444777000161')).toBe(true)
    expect(isValidCnpj('11222333000182')).toBe(false)
    expect(isValidCnpj('00000000000000')).toBe(false)
  })

  it('takes either kind as a taxId, nothing of 12 or 13 digits', () => {
    expect(isValidBrazilTaxId('52998224725')).toBe(true)
    expect(isValidBrazilTaxId('11222333000181')).toBe(true)
    expect(isValidBrazilTaxId('529982247251')).toBe(false)
  })
})
