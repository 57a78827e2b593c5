import { describe, expect, it } from 'vitest'
import { ibanProblem, normalizeIban } from './iban.js'

describe('ibanProblem', () => {
  it.each([
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'DK5000400440116243',
    'AE070331234567890123456',
    'PK36SCBL0000001123456702',
    'BR1800360305000010009795493C1',
    'de89 3704 0044 0532 0130 00',
  ])('accepts %s', (value) => {
    expect(ibanProblem(value)).toBeUndefined()
  })

  it.each([
    ['DE89370400440532013001', /check digits/],
    ['DE8937040044053201300', /22 characters/],
    ['ZZ89370400440532013000', /not a country/],
    ['DE89-3704-0044-0532-0130-00', /country code/],
    ['', /country code/],
  ])('rejects %s', (value, reason) => {
    expect(ibanProblem(value)).toMatch(reason)
  })

  it('normalizes spaces and case', () => {
    expect(normalizeIban(' gb29 nwbk 6016 1331 9268 19')).toBe('GB29NWBK60161331926819')
  })
})
