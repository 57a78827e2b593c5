import { describe, expect, it } from 'vitest'
import { referenceRatesXml } from '../../../test/reference-rates.js'
import { readReferenceRates } from './reference-rates-xml.js'

describe('readReferenceRates', () => {
  it('reads the day and every rate as written, the base at 1', () => {
    const read = readReferenceRates(referenceRatesXml([{ time: '2026-11-27', rates: { USD: '1.0543', JPY: '158.12', GBP: '0.83215' } }]), 'EUR')
    expect(read.date).toBe('2026-11-27')
    expect(Object.fromEntries(read.rates)).toEqual({ EUR: '1', USD: '1.0543', JPY: '158.12', GBP: '0.83215' })
  })

  it('takes the latest day of a history file', () => {
    const read = readReferenceRates(referenceRatesXml([{ time: '2026-11-26', rates: { USD: '1.05' } }, { time: '2026-11-27', rates: { USD: '1.06' } }]), 'EUR')
    expect(read).toMatchObject({ date: '2026-11-27', rates: new Map([['EUR', '1'], ['USD', '1.06']]) })
  })

  it('refuses what it cannot read exactly, saying what', () => {
    expect(() => readReferenceRates('<html>down for maintenance', 'EUR')).toThrow(/not XML/)
    expect(() => readReferenceRates('<Envelope/>', 'EUR')).toThrow(/not a reference-rate file/)
    expect(() => readReferenceRates(referenceRatesXml([{ time: '2026-02-30', rates: { USD: '1' } }]), 'EUR')).toThrow(/not a day/)
    expect(() => readReferenceRates(referenceRatesXml([{ time: '2026-11-27', rates: { USD: '1,05' } }]), 'EUR')).toThrow(/USD on 2026-11-27 is not a positive decimal/)
    expect(() => readReferenceRates(referenceRatesXml([{ time: '2026-11-27', rates: {} }]), 'EUR')).toThrow(/price no currency/)
  })
})
